import type { AuthUser } from '@contracts/accounts';
import { data, redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { accountsApi } from '../modules/accounts/api';
import { apiErrorBody, apiErrorStatus } from './api';
import { store } from './store';

/** `/myevent/abc` -> `&myevent&abc`: the sign-in route carries the original path with `/` replaced by `&`. */
export function encodeRedirect(pathname: string): string {
  return pathname.replace(/\//g, '&');
}

/** Inverse of encodeRedirect; anything that is not a same-site path becomes `/` (no open redirect). */
export function decodeRedirect(param: string | undefined): string {
  if (!param) return '/';
  const path = param.replace(/&/g, '/');
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/auth/')) return '/';
  return path;
}

export function signInPath(pathname?: string): string {
  return pathname && pathname !== '/' ? `/auth/sign-in/${encodeRedirect(pathname)}` : '/auth/sign-in';
}

/** The signed-in user from the RTK Query cache (fetched with GET session once), or null. */
export async function loadUser(): Promise<AuthUser | null> {
  const sub = store.dispatch(accountsApi.endpoints.me.initiate());
  try {
    const r = await sub;
    if (r.error) {
      const status = apiErrorStatus(r.error) ?? 503;
      throw data({ messagePublic: apiErrorBody(r.error)?.messagePublic }, { status });
    }
    return r.data ?? null;
  } finally {
    sub.unsubscribe();
  }
}

/**
 * The signed-in user, or a redirect to sign-in carrying the requested path (spec section 5: guard). Use it
 * inside your own loaders: `const user = await ensureUser(request)`.
 */
export async function ensureUser(request: Request): Promise<AuthUser> {
  const user = await loadUser();
  if (!user) throw redirect(signInPath(new URL(request.url).pathname));
  return user;
}

/** Route loader for protected routes: `{ path: 'myevent', loader: requireUser, lazy: ... }`. */
export async function requireUser({ request }: LoaderFunctionArgs): Promise<AuthUser> {
  return ensureUser(request);
}

/**
 * Route loader for the platform administration area: signed in (else sign-in) and GET validateadmin (a
 * failed guard call shows the 403 page with the server's public message).
 */
export async function requireAdmin({ request }: LoaderFunctionArgs): Promise<AuthUser> {
  await ensureUser(request);
  const sub = store.dispatch(accountsApi.endpoints.validateAdmin.initiate(undefined, { forceRefetch: true }));
  try {
    const r = await sub;
    if (r.error) {
      const status = apiErrorStatus(r.error) ?? 503;
      if (status === 401) throw redirect(signInPath(new URL(request.url).pathname));
      const body = apiErrorBody(r.error);
      throw data({ message: body?.message, messagePublic: body?.messagePublic }, { status });
    }
    return r.data!;
  } finally {
    sub.unsubscribe();
  }
}
