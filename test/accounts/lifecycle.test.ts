import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { bearer, jsonPost as post, signIn, signUp, uniqueEmail } from '../support/accounts.js';
import { tokenFromMail, type TestSmtp } from '../support/smtp.js';

describe('account lifecycle', () => {
  const t = useTestApp({ smtp: true, env: { APP_URL: 'http://aforo.test' } });
  let smtp: TestSmtp;
  let api: string;
  beforeAll(() => void ({ smtp, api } = t));

  const streamEvents = async (userId: string) =>
    (await sql<{ type: string }>`SELECT type FROM es_events WHERE stream_id = ${`accounts-user-${userId}`} ORDER BY position`.execute(t.ctx.db)).rows;

  /** Every text value of every table, es_events included, that contains `needle` (case-insensitive). */
  async function tablesContaining(needle: string): Promise<string[]> {
    const tables = await sql<{ table_name: string }>`
      SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`.execute(t.ctx.db);
    const hits: string[] = [];
    for (const { table_name } of tables.rows) {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM ${sql.table(table_name)} AS r WHERE position(lower(${needle}) IN lower(row_to_json(r)::text)) > 0`.execute(t.ctx.db);
      if (rows[0].n > 0) hits.push(table_name);
    }
    return hits;
  }

  it('resets a forgotten password through the mailed link, once', async () => {
    const u = await signUp(t.node.url, { displayName: 'Rosa Reset' });
    const unknown = await fetch(`${api}/passwordReset`, post({ email: uniqueEmail('nadie') }));
    expect(unknown.status).toBe(200);
    const known = await fetch(`${api}/passwordReset`, post({ email: u.email }));
    expect(known.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json()); // never tells whether the account exists

    const mail = await smtp.waitForMail((m) => m.to.includes(u.email) && m.subject === 'Restablece tu contraseña de Aforo');
    const token = tokenFromMail(mail, '/auth/password-reset/');
    expect(mail.text).toContain('Hola Rosa Reset:');
    expect(smtp.mails.some((m) => m.subject.includes('Restablece') && !m.to.includes(u.email))).toBe(false);

    const res = await fetch(`${api}/passwordReset/${token}`, post({ password: 'clave-nueva-123' }));
    expect(res.status).toBe(200);
    expect((await res.json()).user._id).toBe(u.user._id);
    // Old sessions end with the old password; the old password no longer signs in; the new one does.
    expect((await fetch(`${api}/validate`, { headers: { cookie: u.cookie } })).status).toBe(401);
    expect((await fetch(`${api}/signin`, post({ email: u.email, password: u.password }))).status).toBe(401);
    expect((await signIn(t.node.url, u.email, 'clave-nueva-123')).user._id).toBe(u.user._id);
    // Single use.
    const reused = await fetch(`${api}/passwordReset/${token}`, post({ password: 'otra-clave-456' }));
    expect(reused.status).toBe(400);
    expect((await reused.json()).messagePublic).toBe('El enlace no es válido o ha caducado. Solicita uno nuevo.');

    // No token, link or password in PostgreSQL.
    for (const secret of [token, 'clave-nueva-123', u.password]) expect(await tablesContaining(secret)).toEqual([]);
    const types = await streamEvents(u.user._id);
    expect(types.map((e) => e.type)).toEqual(['accounts.UserRegistered', 'accounts.PasswordResetRequested', 'accounts.PasswordChanged']);
  });

  it('refuses an expired reset link', async () => {
    const u = await signUp(t.node.url);
    await fetch(`${api}/passwordReset`, post({ email: u.email }));
    const mail = await smtp.waitForMail((m) => m.to.includes(u.email) && m.subject.startsWith('Restablece'));
    const token = tokenFromMail(mail, '/auth/password-reset/');
    await t.ctx.db.updateTable('account_tokens').set({ expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', u.user._id).where('purpose', '=', 'reset').execute();
    expect((await fetch(`${api}/passwordReset/${token}`, post({ password: 'clave-nueva-123' }))).status).toBe(400);
  });

  it('changes the password with the current one, and refuses a wrong current one', async () => {
    const u = await signUp(t.node.url);
    const wrong = await fetch(`${api}/changePasword`, post({ password: 'no-es-esta', newPassword: 'clave-nueva-999' }, { cookie: u.cookie }));
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).messagePublic).toBe('Ocurrio un error al actualizar la contraseña');

    const res = await fetch(`${api}/changePasword`, post({ password: u.password, newPassword: 'clave-nueva-999' }, { cookie: u.cookie }));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.user._id).toBe(u.user._id);
    expect((await fetch(`${api}/validate`, { headers: bearer(body.token) })).status).toBe(200);
    expect((await fetch(`${api}/validate`, { headers: { cookie: u.cookie } })).status).toBe(401);
    expect((await signIn(t.node.url, u.email, 'clave-nueva-999')).user._id).toBe(u.user._id);
    expect((await fetch(`${api}/changePasword`, post({ password: 'x', newPassword: 'clave-nueva-999' }))).status).toBe(401);
  });

  it('updates the display name and resends the verification mail', async () => {
    const u = await signUp(t.node.url, { displayName: 'Nombre Viejo' });
    const res = await fetch(`${api}/profile`, { method: 'PUT', headers: { 'content-type': 'application/json', cookie: u.cookie }, body: JSON.stringify({ displayName: '  Nombre Nuevo ' }) });
    expect(res.status).toBe(200);
    expect((await res.json()).data.displayName).toBe('Nombre Nuevo');
    expect((await (await fetch(`${api}/validate`, { headers: { cookie: u.cookie } })).json()).data.displayName).toBe('Nombre Nuevo');

    await smtp.waitForMail((m) => m.to.includes(u.email) && m.subject.startsWith('Verifica'));
    const resend = await fetch(`${api}/verify/resend`, { method: 'POST', headers: { cookie: u.cookie } });
    expect(resend.status).toBe(200);
    const second = await smtp.waitForMail((m) => m.to.includes(u.email) && m.subject.startsWith('Verifica') && m.text.includes('Nombre Nuevo'));
    const verified = await fetch(`${api}/verify/${tokenFromMail(second, '/auth/verify/')}`, { method: 'POST' });
    expect((await verified.json()).data.emailVerified).toBe(true);
    const again = await fetch(`${api}/verify/resend`, { method: 'POST', headers: { cookie: u.cookie } });
    expect((await again.json()).message).toBe('Tu correo electrónico ya está verificado.');
  });

  it('deletes the account by mailed link and crypto-shreds the e-mail everywhere', async () => {
    const u = await signUp(t.node.url, { displayName: 'Zoe Borrable' });
    await smtp.waitForMail((m) => m.to.includes(u.email) && m.subject.startsWith('Verifica'));
    // Idempotent writes store their response: it must go too.
    await fetch(`${api}/profile`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: u.cookie, 'Idempotency-Key': randomUUID() },
      body: JSON.stringify({ displayName: 'Zoe Borrable' }),
    });
    expect(await tablesContaining(u.email)).toEqual(expect.arrayContaining(['users', 'http_idempotency']));

    expect((await fetch(`${api}/requestAccountDelete`, { method: 'POST', headers: { cookie: u.cookie } })).status).toBe(200);
    const mail = await smtp.waitForMail((m) => m.to.includes(u.email) && m.subject === 'Confirma la eliminación de tu cuenta de Aforo');
    const token = tokenFromMail(mail, '/appControl/deleteAccount/');
    const res = await fetch(`${api}/deleteAccount/${token}`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Tu cuenta fue eliminada.' });

    expect(await tablesContaining(u.email)).toEqual([]);
    expect(await tablesContaining('Zoe Borrable')).toEqual([]);
    const events = await streamEvents(u.user._id);
    expect(events.map((e) => e.type)).toContain('accounts.AccountDeleted');
    expect((await fetch(`${api}/validate`, { headers: { cookie: u.cookie } })).status).toBe(401);
    expect((await fetch(`${api}/signin`, post({ email: u.email, password: u.password }))).status).toBe(401);

    // The e-mail is free again.
    const again = await signUp(t.node.url, { email: u.email });
    expect(again.user._id).not.toBe(u.user._id);

    // Rebuilding the read model from the log cannot bring the person back (last: it stops the node's runner).
    await t.node.runner?.stop();
    await t.ctx.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('users').execute();
      await trx.updateTable('projection_checkpoints').set({ position: null }).where('name', '=', 'accounts.users').execute();
    });
    const { ProjectionRunner } = await import('../../src/projections/runner.js');
    const { accountsProjections } = await import('../../src/projections/accounts/index.js');
    const runner = new ProjectionRunner(
      { db: t.ctx.db, pool: t.ctx.pool, store: t.ctx.store, effects: { realtime: t.ctx.realtime, jobs: t.ctx.jobs }, logger: t.ctx.logger },
      accountsProjections,
    );
    runner.start();
    // Wait for the newest account's own events: a readAll of "everything" stops at the ordering horizon, which
    // other test files' open transactions can hold back.
    const newest = await t.ctx.store.readStream(`accounts-user-${again.user._id}`);
    await runner.waitFor(newest[newest.length - 1].position, 'accounts.users', 20_000);
    await runner.stop();
    expect(await t.ctx.db.selectFrom('users').select('id').where('id', '=', u.user._id).execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('users').select('id').where('id', '=', again.user._id).execute()).toHaveLength(1);
    expect((await t.ctx.db.selectFrom('users').select('id').execute()).length).toBeGreaterThan(0);

  });
});
