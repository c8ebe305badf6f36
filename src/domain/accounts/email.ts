import { createHash } from 'node:crypto';

/** One account per e-mail regardless of case or surrounding spaces. */
export function normalizeEmail(email: string): string {
  return email.normalize('NFC').trim().toLowerCase();
}

/** SHA-256 of the normalized e-mail: the reservation value and the sign-in lookup key (never the e-mail itself). */
export function emailHash(email: string): string {
  return createHash('sha256').update(normalizeEmail(email), 'utf8').digest('hex');
}

export const EMAIL_RESERVATION_SCOPE = 'accounts.email';
