/**
 * The token of a campaign mail's unsubscribe link (`/api/v2/subscription/<token>/unsubscribe`): the campaign and
 * recipient, signed (HMAC-SHA256, 128 bits, under a key derived from JWT_SECRET for this one purpose). Nothing is
 * stored per recipient; a token cannot be forged for another recipient. Log lines redact it
 * (src/infra/logger.ts, `subscription/`).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const keyOf = (secret: string) => createHmac('sha256', secret).update('contacts.unsubscribe-link:v1').digest();
const mac = (secret: string, body: string) => createHmac('sha256', keyOf(secret)).update(body).digest().subarray(0, 16).toString('base64url');

export function unsubscribeToken(secret: string, campaignId: string, recipientKey: string): string {
  const body = Buffer.from(`${campaignId}\n${recipientKey}`, 'utf8').toString('base64url');
  return `${body}.${mac(secret, body)}`;
}

export function readUnsubscribeToken(secret: string, token: string): { campaignId: string; recipientKey: string } | null {
  const [body, sig, extra] = token.split('.');
  if (!body || !sig || extra !== undefined || token.length > 600) return null;
  const expected = Buffer.from(mac(secret, body));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const [campaignId, recipientKey, more] = Buffer.from(body, 'base64url').toString('utf8').split('\n');
  if (!campaignId || !recipientKey || more !== undefined) return null;
  return { campaignId, recipientKey };
}

/**
 * The token of a contact's subscription page (`/subscription/<token>`): the organizer and the contact, signed like
 * the unsubscribe link but under a key of its own purpose (an unsubscribe token is never a subscription token).
 */
const subKeyOf = (secret: string) => createHmac('sha256', secret).update('contacts.subscription-page:v1').digest();
const subMac = (secret: string, body: string) => createHmac('sha256', subKeyOf(secret)).update(body).digest().subarray(0, 16).toString('base64url');

export function subscriptionToken(secret: string, clientId: string, contactId: string): string {
  const body = Buffer.from(`${clientId}\n${contactId}`, 'utf8').toString('base64url');
  return `${body}.${subMac(secret, body)}`;
}

export function readSubscriptionToken(secret: string, token: string): { clientId: string; contactId: string } | null {
  const [body, sig, extra] = token.split('.');
  if (!body || !sig || extra !== undefined || token.length > 600) return null;
  const expected = Buffer.from(subMac(secret, body));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const [clientId, contactId, more] = Buffer.from(body, 'base64url').toString('utf8').split('\n');
  if (!clientId || !contactId || more !== undefined) return null;
  return { clientId, contactId };
}
