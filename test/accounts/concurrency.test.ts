import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsRateLimits } from '../../src/http/accounts/rate-limit.js';
import { useTestApp } from '../support/app.js';
import { jsonPost as post, signUp, uniqueEmail } from '../support/accounts.js';
import type { TestSmtp } from '../support/smtp.js';

describe('sign-up under concurrency, retries and abuse', () => {
  const t = useTestApp({ smtp: true });
  let smtp: TestSmtp;
  let api: string;
  const defaults = structuredClone(accountsRateLimits);
  beforeAll(() => void ({ smtp, api } = t));
  afterAll(() => {
    Object.assign(accountsRateLimits, structuredClone(defaults));
  });

  it('30 concurrent sign-ups with one e-mail make exactly one account', async () => {
    accountsRateLimits.signup.limit = 100; // this test is about the reservation, not the limiter
    try {
      const email = uniqueEmail('race');
      const started = Date.now();
      const responses = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          fetch(`${api}/signup`, post({ displayName: `Persona ${i}`, email: i % 2 ? email.toUpperCase() : email, password: `clave-segura-${i}` })),
        ),
      );
      const elapsed = Date.now() - started;
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 401)).toHaveLength(29);
      for (const r of responses.filter((x) => x.status === 401)) {
        expect((await r.json()).messagePublic).toBe('Ocurrio un error al registrar el usuario');
      }
      const rows = await t.ctx.db.selectFrom('users').select('id').where('email_normalized', '=', email.toLowerCase()).execute();
      expect(rows).toHaveLength(1);
      expect(await t.ctx.db.selectFrom('account_credentials').select('user_id').execute()).toHaveLength(1);
      // The losers' encryption keys were dropped again: one key for the one account.
      expect(await t.ctx.db.selectFrom('pii_keys').select('subject_id').execute()).toEqual([{ subject_id: rows[0].id }]);
      const registered = (await sql<{ stream_id: string }>`SELECT stream_id FROM es_events WHERE type = 'accounts.UserRegistered'`.execute(t.ctx.db)).rows;
      expect(registered).toHaveLength(1);
      // One verification mail only.
      await smtp.waitForMail((m) => m.to.some((to) => to.toLowerCase() === email.toLowerCase()));
      await new Promise((r) => setTimeout(r, 300));
      expect(smtp.mailsTo(email)).toHaveLength(1);
      console.log(`30 concurrent sign-ups answered in ${elapsed} ms`);
    } finally {
      accountsRateLimits.signup.limit = defaults.signup.limit;
    }
  });

  it('a retried sign-up with the same clientId or Idempotency-Key creates nothing new', async () => {
    for (const via of ['clientId', 'header'] as const) {
      const key = randomUUID();
      const email = uniqueEmail(`idem-${via}`);
      const body = { displayName: 'Reintento', email, password: 'clave-reintento', ...(via === 'clientId' ? { clientId: key } : {}) };
      const headers: Record<string, string> = via === 'header' ? { 'Idempotency-Key': key } : {};
      const first = await fetch(`${api}/signup`, post(body, headers));
      const second = await fetch(`${api}/signup`, post(body, headers));
      expect(first.status).toBe(201);
      expect(second.status).toBe(201);
      const [a, b] = [await first.json(), await second.json()];
      expect(b.user._id).toBe(a.user._id);
      expect(b.user.publicUserId).toBe(a.user.publicUserId);
      // The retry must know the password: the same key with another password gets nothing.
      const stranger = await fetch(`${api}/signup`, post({ ...body, password: 'otra-clave-distinta' }, headers));
      expect(stranger.status).toBe(401);
      const events = (await sql<{ type: string }>`SELECT type FROM es_events WHERE stream_id = ${`accounts-user-${a.user._id}`}`.execute(t.ctx.db)).rows;
      expect(events).toEqual([{ type: 'accounts.UserRegistered' }]);
      await smtp.waitForMail((m) => m.to.includes(email));
      await new Promise((r) => setTimeout(r, 200));
      expect(smtp.mailsTo(email)).toHaveLength(1);
    }
  });

  it('rate limits failed sign-ins per IP across e-mails too (one password tried on many accounts)', async () => {
    accountsRateLimits.signinPerIp.limit = 5;
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await fetch(`${api}/signin`, post({ email: uniqueEmail(`spray-${i}`), password: 'Secreto123!' }));
        statuses.push(res.status);
        await res.text();
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    } finally {
      accountsRateLimits.signinPerIp.limit = defaults.signinPerIp.limit;
    }
  });

  it('rate limits failed sign-ins per IP and e-mail with the Spanish 429 body', async () => {
    const u = await signUp(t.node.url);
    const statuses: number[] = [];
    for (let i = 0; i < accountsRateLimits.signin.limit + 1; i++) {
      const res = await fetch(`${api}/signin`, post({ email: u.email, password: `mala-${i}` }));
      statuses.push(res.status);
      if (res.status === 429) {
        expect(await res.json()).toEqual({
          status: 429,
          message: 'DEMASIADAS SOLICITUDES',
          messagePublic: 'Has realizado demasiados intentos. Espera un momento e inténtalo de nuevo.',
        });
        expect(res.headers.get('ratelimit-policy') ?? res.headers.get('ratelimit')).toBeTruthy();
      } else await res.text();
    }
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Even the right password is refused while the window lasts; another e-mail from the same IP is not.
    expect((await fetch(`${api}/signin`, post({ email: u.email, password: u.password }))).status).toBe(429);
    const other = await signUp(t.node.url);
    expect((await fetch(`${api}/signin`, post({ email: other.email, password: other.password }))).status).toBe(200);
  });

  it('rate limits sign-ups per IP and e-mail', async () => {
    const email = uniqueEmail('spam');
    const statuses: number[] = [];
    for (let i = 0; i <= accountsRateLimits.signup.limit; i++) {
      const res = await fetch(`${api}/signup`, post({ displayName: 'Spam', email, password: 'clave-spam-123' }));
      statuses.push(res.status);
      await res.text();
    }
    expect(statuses[0]).toBe(201);
    expect(statuses.slice(1, -1).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('rate limits the mails a signed-in user can trigger', async () => {
    const u = await signUp(t.node.url);
    const statuses: number[] = [];
    for (let i = 0; i <= accountsRateLimits.accountMail.limit; i++) {
      const res = await fetch(`${api}/verify/resend`, { method: 'POST', headers: { cookie: u.cookie } });
      statuses.push(res.status);
      await res.text();
    }
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await fetch(`${api}/requestAccountDelete`, { method: 'POST', headers: { cookie: u.cookie } })).status).toBe(429);
  });
});
