import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { EMAIL_RESERVATION_SCOPE, emailHash } from '../../src/domain/accounts/email.js';
import { userStreamId } from '../../src/domain/accounts/user.js';
import { redactTokenPaths } from '../../src/infra/logger.js';
import { rebuildProjection } from '../../src/projections/rebuild.js';
import { usersProjection } from '../../src/projections/accounts/users.js';
import { useTestApp } from '../support/app.js';
import { bearer, jsonPost as json, signUp, uniqueEmail } from '../support/accounts.js';
import { tokenFromMail } from '../support/smtp.js';

const put = (token: string, body: unknown) => ({ method: 'PUT', headers: { ...bearer(token), 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('e-mail change over HTTP (confirmed at /confirm/mail/{token})', () => {
  const t = useTestApp({ smtp: true, env: { APP_URL: 'https://aforo.example' } });
  const signInStatus = async (email: string, password: string) => (await fetch(`${t.api}/signin`, json({ email, password }))).status;
  const linkMail = (to: string) =>
    t.smtp.waitForMail((m) => m.to.some((a) => a.toLowerCase() === to.toLowerCase()) && m.subject === 'Confirma tu nuevo correo electrónico en Aforo');

  it('moves sign-in, the reservation and the read model to the new address only once its link is opened; the old address is told', async () => {
    const ana = await signUp(t.node.url, { displayName: 'Ana Cambia', password: 'Clave-segura-1' });
    const newEmail = uniqueEmail('ana.nueva');

    const asked = await fetch(`${t.api}/profile/email`, put(ana.token, { email: `  ${newEmail.toUpperCase()} ` }));
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({ message: 'Te enviamos un enlace a tu nuevo correo. Seguirás usando el actual hasta que lo abras.' });
    const mail = await linkMail(newEmail.toUpperCase());
    expect(mail.text).toContain('Hola Ana Cambia:');
    expect(mail.links[0].startsWith('https://aforo.example/confirm/mail/')).toBe(true);
    const token = tokenFromMail(mail, '/confirm/mail/');

    // Nothing moved yet: the old address signs in, the new one does not; the log holds no address in clear.
    expect(await signInStatus(ana.email, ana.password)).toBe(200);
    expect(await signInStatus(newEmail, ana.password)).toBe(401);
    expect((await (await fetch(`${t.api}/validate`, { headers: bearer(ana.token) })).json()).data.email).toBe(ana.email);
    const log = JSON.stringify(await t.ctx.store.readStream(userStreamId(ana.user._id)));
    expect(log).toContain('accounts.EmailChangeRequested');
    expect(log.toLowerCase()).not.toContain(newEmail);
    expect(log).not.toContain(token);
    // Nor does a log line of the request that opens it.
    expect(redactTokenPaths(`POST /api/v2/confirm/mail/${token} GET /confirm/mail/${token}`)).toBe('POST /api/v2/confirm/mail/[redacted] GET /confirm/mail/[redacted]');

    const confirmed = await fetch(`${t.api}/confirm/mail/${token}`, { method: 'POST' });
    expect(confirmed.status).toBe(200);
    expect((await confirmed.json()).data).toMatchObject({ _id: ana.user._id, email: newEmail.toUpperCase(), emailVerified: true });

    // Sign-in: the new address only (in any case), the old one no more. The session in use goes on.
    expect(await signInStatus(newEmail, ana.password)).toBe(200);
    expect(await signInStatus(ana.email, ana.password)).toBe(401);
    expect((await (await fetch(`${t.api}/validate`, { headers: bearer(ana.token) })).json()).data.email).toBe(newEmail.toUpperCase());

    // The reservation moved: the old address is free for a new account, the new one taken.
    const reservations = await sql<{ value: string; stream_id: string }>`SELECT value, stream_id FROM es_reservations WHERE scope = ${EMAIL_RESERVATION_SCOPE}`.execute(t.ctx.db);
    const values = reservations.rows.map((r) => r.value);
    expect(reservations.rows.find((r) => r.value === emailHash(newEmail))?.stream_id).toBe(userStreamId(ana.user._id));
    expect(values).toContain(emailHash(newEmail));
    expect(values).not.toContain(emailHash(ana.email));
    expect((await fetch(`${t.api}/signup`, json({ displayName: 'Otra Ana', email: ana.email, password: 'Clave-segura-2' }))).status).toBe(201);
    expect((await fetch(`${t.api}/signup`, json({ displayName: 'Intrusa', email: newEmail, password: 'Clave-segura-3' }))).status).toBe(401);

    // The old address gets a notice, without a link and without the new address in full.
    const notice = await t.smtp.waitForMail((m) => m.to.includes(ana.email) && m.subject === 'El correo electrónico de tu cuenta de Aforo cambió');
    expect(notice.links).toEqual([]);
    expect(notice.text).toContain(`${newEmail[0].toUpperCase()}***@EXAMPLE.TEST`);
    expect(notice.text.toLowerCase()).not.toContain(newEmail);

    // The link is single-use.
    const again = await fetch(`${t.api}/confirm/mail/${token}`, { method: 'POST' });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: 'INVALID_LINK', messagePublic: 'El enlace no es válido o ha caducado. Solicita uno nuevo.' });

    // A rebuild of the read model gives the same address, from the log alone.
    await rebuildProjection({ db: t.ctx.db, store: t.ctx.store }, usersProjection);
    const row = await t.ctx.db.selectFrom('users').select(['email', 'email_verified']).where('id', '=', ana.user._id).executeTakeFirstOrThrow();
    expect(row).toEqual({ email: newEmail.toUpperCase(), email_verified: true });
  });

  it('only the latest request’s link works; the same address, a bad one or no session is refused in Spanish', async () => {
    const beto = await signUp(t.node.url, { displayName: 'Beto Duda', password: 'Clave-segura-1' });
    const first = uniqueEmail('beto.uno');
    const second = uniqueEmail('beto.dos');
    expect((await fetch(`${t.api}/profile/email`, put(beto.token, { email: first }))).status).toBe(200);
    const firstToken = tokenFromMail(await linkMail(first), '/confirm/mail/');
    expect((await fetch(`${t.api}/profile/email`, put(beto.token, { email: second }))).status).toBe(200);
    const secondToken = tokenFromMail(await linkMail(second), '/confirm/mail/');

    expect((await fetch(`${t.api}/confirm/mail/${firstToken}`, { method: 'POST' })).status).toBe(400);
    const ok = await fetch(`${t.api}/confirm/mail/${secondToken}`, { method: 'POST' });
    expect(ok.status).toBe(200);
    expect((await ok.json()).data.email).toBe(second);
    expect(await signInStatus(first, beto.password)).toBe(401);
    expect(await signInStatus(second, beto.password)).toBe(200);

    const same = await fetch(`${t.api}/profile/email`, put(beto.token, { email: second.toUpperCase() }));
    expect(same.status).toBe(400);
    expect(await same.json()).toMatchObject({ code: 'EMAIL_UNCHANGED', messagePublic: 'Ese ya es el correo electrónico de tu cuenta.' });
    const bad = await fetch(`${t.api}/profile/email`, put(beto.token, { email: 'no-es-un-correo' }));
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toEqual([expect.objectContaining({ path: 'email', message: 'Ingresa un correo electrónico válido.' })]);
    expect((await fetch(`${t.api}/profile/email`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: first }) })).status).toBe(401);
  });

  it('refuses (409) an address another account took before the link was opened; nothing changes', async () => {
    const carla = await signUp(t.node.url, { displayName: 'Carla Tarde', password: 'Clave-segura-1' });
    const wanted = uniqueEmail('disputada');
    expect((await fetch(`${t.api}/profile/email`, put(carla.token, { email: wanted }))).status).toBe(200);
    const token = tokenFromMail(await linkMail(wanted), '/confirm/mail/');
    await signUp(t.node.url, { displayName: 'Dora Rápida', email: wanted, password: 'Clave-segura-2' });

    const taken = await fetch(`${t.api}/confirm/mail/${token}`, { method: 'POST' });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ code: 'EMAIL_TAKEN', messagePublic: 'Ese correo electrónico ya pertenece a otra cuenta.' });
    expect(await signInStatus(carla.email, carla.password)).toBe(200);
    expect((await t.ctx.store.readStream(userStreamId(carla.user._id))).map((e) => e.type)).not.toContain('accounts.EmailChanged');
  });

  it('counts refused /confirm/mail links in the per-IP token budget (20 per 15 minutes)', async () => {
    // The refused links of the tests above already count: made-up links are refused until the budget is spent.
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await fetch(`${t.api}/confirm/mail/${'z'.repeat(40)}${i}`, { method: 'POST' })).status);
    const firstLimited = statuses.indexOf(429);
    expect(firstLimited).toBeGreaterThan(0);
    expect(firstLimited).toBeLessThanOrEqual(20);
    expect(statuses.slice(0, firstLimited).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(firstLimited).every((s) => s === 429)).toBe(true);
  });
});
