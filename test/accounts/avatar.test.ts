import { describe, expect, it } from 'vitest';
import { userStreamId } from '../../src/domain/accounts/user.js';
import { rebuildProjection } from '../../src/projections/rebuild.js';
import { usersProjection } from '../../src/projections/accounts/users.js';
import { useTestApp } from '../support/app.js';
import { bearer, signUp } from '../support/accounts.js';
import { tokenFromMail } from '../support/smtp.js';

// A 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('profile picture (avatar) over HTTP', () => {
  const t = useTestApp({ smtp: true });

  async function upload(token: string, data: Buffer | null, name = 'foto.png', type = 'image/png') {
    const form = new FormData();
    if (data) form.append('avatar', new Blob([new Uint8Array(data)], { type }), name);
    const res = await fetch(`${t.api}/profile/avatar`, { method: 'POST', headers: bearer(token), body: form });
    return { status: res.status, body: await res.json() };
  }
  const fileStatus = async (url: string) => (await fetch(`${t.node.url}${url}`)).status;
  const me = async (token: string) => (await (await fetch(`${t.api}/validate`, { headers: bearer(token) })).json()).data;

  it('sets, replaces and removes the picture; the replaced file is deleted; only images are taken', async () => {
    const ana = await signUp(t.node.url, { displayName: 'Ana Foto' });
    expect((await me(ana.token)).avatarUrl).toBeNull();

    const first = await upload(ana.token, PNG);
    expect(first.status).toBe(200);
    const url1: string = first.body.data.avatarUrl;
    expect(url1).toMatch(new RegExp(`^/api/v2/files/accounts/${ana.user._id}/avatar-[0-9a-f-]+\\.png$`));
    expect((await me(ana.token)).avatarUrl).toBe(url1);
    const served = await fetch(`${t.node.url}${url1}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');

    // The type comes from the bytes; no file, or a too large one, is refused in Spanish.
    const fake = await upload(ana.token, Buffer.from('<svg onload="alert(1)"></svg>'), 'foto.png', 'image/png');
    expect(fake.status).toBe(400);
    expect(fake.body).toMatchObject({ code: 'AVATAR_TYPE', messagePublic: 'La foto de perfil debe ser JPEG, PNG o WebP.' });
    expect((await upload(ana.token, null)).body).toMatchObject({ code: 'AVATAR_MISSING', messagePublic: 'Selecciona una imagen para tu foto de perfil.' });
    const big = await upload(ana.token, Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
    expect(big.status).toBe(413);
    expect(big.body.messagePublic).toBe('La foto de perfil no puede superar los 2 MB.');
    expect((await me(ana.token)).avatarUrl).toBe(url1);

    const second = await upload(ana.token, PNG);
    const url2: string = second.body.data.avatarUrl;
    expect(url2).not.toBe(url1);
    expect(await fileStatus(url2)).toBe(200);
    expect(await fileStatus(url1)).toBe(404);

    const removed = await fetch(`${t.api}/profile/avatar`, { method: 'DELETE', headers: bearer(ana.token) });
    expect(removed.status).toBe(200);
    expect((await removed.json()).data.avatarUrl).toBeNull();
    expect(await fileStatus(url2)).toBe(404);
    // Removing again records nothing.
    const events = (await t.ctx.store.readStream(userStreamId(ana.user._id))).length;
    expect((await fetch(`${t.api}/profile/avatar`, { method: 'DELETE', headers: bearer(ana.token) })).status).toBe(200);
    expect(await t.ctx.store.readStream(userStreamId(ana.user._id))).toHaveLength(events);
    expect((await fetch(`${t.api}/profile/avatar`, { method: 'DELETE' })).status).toBe(401);

    // The read model is rebuilt from the log: the last change wins.
    await upload(ana.token, PNG);
    const last = (await me(ana.token)).avatarUrl;
    await rebuildProjection({ db: t.ctx.db, store: t.ctx.store }, usersProjection);
    expect((await me(ana.token)).avatarUrl).toBe(last);
  });

  it('deleting the account deletes its picture', async () => {
    const beto = await signUp(t.node.url, { displayName: 'Beto Foto' });
    const url: string = (await upload(beto.token, PNG)).body.data.avatarUrl;
    expect(await fileStatus(url)).toBe(200);
    expect((await fetch(`${t.api}/requestAccountDelete`, { method: 'POST', headers: bearer(beto.token) })).status).toBe(200);
    const mail = await t.smtp.waitForMail((m) => m.to.includes(beto.email) && /eliminación/i.test(m.subject));
    const token = tokenFromMail(mail, '/appControl/deleteAccount/');
    expect((await fetch(`${t.api}/deleteAccount/${token}`, { method: 'POST' })).status).toBe(200);
    expect(await fileStatus(url)).toBe(404);
  });
});
