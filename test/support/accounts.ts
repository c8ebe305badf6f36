import { randomBytes } from 'node:crypto';
import type { AuthUser } from '../../src/contracts/accounts.js';
import type { AppContext } from '../../src/context.js';
import { grantAdministrator } from '../../src/commands/accounts/service.js';

export interface SignedUpUser {
  user: AuthUser;
  token: string;
  /** `aforo_token=...`, ready for a Cookie header. */
  cookie: string;
  email: string;
  password: string;
  displayName: string;
}

function cookieFrom(res: Response): string {
  const set = res.headers.getSetCookie().find((c) => c.startsWith('aforo_token='));
  if (!set) throw new Error('no aforo_token cookie in the response');
  return set.split(';')[0];
}

/** A unique e-mail for one test. */
export function uniqueEmail(tag = 'user'): string {
  return `${tag}.${randomBytes(5).toString('hex')}@example.test`;
}

/** Signs a new user up through the API (POST /api/v2/signup). */
export async function signUp(
  baseUrl: string,
  overrides: Partial<{ displayName: string; email: string; password: string }> = {},
): Promise<SignedUpUser> {
  const body = {
    displayName: overrides.displayName ?? 'Usuaria de Prueba',
    email: overrides.email ?? uniqueEmail(),
    password: overrides.password ?? `Clave-${randomBytes(6).toString('hex')}`,
  };
  const res = await fetch(`${baseUrl}/api/v2/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  const json = (await res.json()) as { user: AuthUser; token: string };
  return { user: json.user, token: json.token, cookie: cookieFrom(res), email: body.email, password: body.password, displayName: body.displayName };
}

/** Signs in through the API (POST /api/v2/signin). */
export async function signIn(baseUrl: string, email: string, password: string): Promise<{ user: AuthUser; token: string; cookie: string }> {
  const res = await fetch(`${baseUrl}/api/v2/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`signin failed: ${res.status} ${await res.text()}`);
  const json = (await res.json()) as { data: AuthUser; token: string };
  return { user: json.data, token: json.token, cookie: cookieFrom(res) };
}

/** Makes a user platform administrator through the real command (accounts.AdministratorGranted). */
export async function makeAdministrator(ctx: AppContext, userId: string): Promise<AuthUser> {
  return grantAdministrator(ctx, userId);
}

/** Authorization header for a token. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** fetch() options for a JSON POST. */
export const jsonPost = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
