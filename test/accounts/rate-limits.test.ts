import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsRateLimits } from '../../src/http/accounts/rate-limit.js';
import { startTestNode } from '../support/context.js';
import { bearer, signUp } from '../support/accounts.js';

const post = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

const tooMany = { status: 429, message: 'DEMASIADAS SOLICITUDES', messagePublic: 'Has realizado demasiados intentos. Espera un momento e inténtalo de nuevo.' };

/** Guessing is limited where a secret is checked: the current password at changePasword, e-mailed-link tokens. */
describe('accounts rate limits on guesses', () => {
  let t: Awaited<ReturnType<typeof startTestNode>>;
  let api: string;
  const saved = { changePassword: accountsRateLimits.changePassword.limit, mailTokenPerIp: accountsRateLimits.mailTokenPerIp.limit };
  beforeAll(async () => {
    // The limits are read per request: small ones keep the test short (the counters are this file's, in Redis).
    accountsRateLimits.changePassword.limit = 3;
    accountsRateLimits.mailTokenPerIp.limit = 4;
    t = await startTestNode();
    api = `${t.node.url}/api/v2`;
  });
  afterAll(async () => {
    Object.assign(accountsRateLimits.changePassword, { limit: saved.changePassword });
    Object.assign(accountsRateLimits.mailTokenPerIp, { limit: saved.mailTokenPerIp });
    await t?.stop();
  });

  it('wrong current passwords at changePasword: 429 after the limit, even with the right one; other accounts unaffected', async () => {
    const u = await signUp(t.node.url);
    const other = await signUp(t.node.url);
    // A success does not count: the user can change the password and keep going.
    const ok = await fetch(`${api}/changePasword`, post({ password: u.password, newPassword: 'clave-nueva-001' }, bearer(u.token)));
    expect(ok.status).toBe(200);
    const token = (await ok.json()).token as string;
    for (let i = 0; i < 3; i++) {
      const wrong = await fetch(`${api}/changePasword`, post({ password: `adivinanza-${i}`, newPassword: 'clave-nueva-002' }, bearer(token)));
      expect(wrong.status).toBe(401);
    }
    const blocked = await fetch(`${api}/changePasword`, post({ password: 'clave-nueva-001', newPassword: 'clave-nueva-002' }, bearer(token)));
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toMatchObject(tooMany);
    expect(blocked.headers.get('ratelimit')).toBeTruthy();
    // The limit is the account's, not the IP's: someone else on the same IP is not blocked.
    const theirs = await fetch(`${api}/changePasword`, post({ password: other.password, newPassword: 'otra-clave-nueva' }, bearer(other.token)));
    expect(theirs.status).toBe(200);
  });

  it('guessed link tokens (reset, verify, confirm, delete) share one per-IP budget: 429 after the limit', async () => {
    const guess = (n: number) => `adivinado${String(n).padStart(30, '0')}`;
    const paths = [`passwordReset/${guess(1)}`, `verify/${guess(2)}`, `confirm/account/${guess(3)}`, `deleteAccount/${guess(4)}`];
    for (const p of paths) {
      const res = await fetch(`${api}/${p}`, post({ password: 'una-clave-nueva-larga' }));
      expect(res.status, p).toBe(400);
      expect((await res.json()).code).toBe('INVALID_LINK');
    }
    for (const p of [`passwordReset/${guess(5)}`, `verify/${guess(6)}`]) {
      const res = await fetch(`${api}/${p}`, post({ password: 'una-clave-nueva-larga' }));
      expect(res.status, p).toBe(429);
      expect(await res.json()).toMatchObject(tooMany);
    }
    // verify/resend is a signed-in action, not a token: outside this budget.
    const u = await signUp(t.node.url);
    expect((await fetch(`${api}/verify/resend`, { method: 'POST', headers: bearer(u.token) })).status).toBe(200);
    // A team invitation link is a token of the same kind: guessing it spends the same budget.
    const invitation = await fetch(`${api}/confirm/invitation/${randomUUID()}`, { method: 'POST', headers: bearer(u.token) });
    expect(invitation.status).toBe(429);
  });
});
