import { bearer, type SignedUpUser } from '../support/accounts.js';

/** One call to the contacts API of `client` (the caller's own by default): status and parsed body (text if not JSON). */
export async function contactsCall(api: string, user: SignedUpUser, method: string, path: string, body?: unknown, client = user.user._id) {
  const res = await fetch(`${api}/contacts/${client}${path}`, {
    method,
    headers: { ...bearer(user.token), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, body: json };
}
