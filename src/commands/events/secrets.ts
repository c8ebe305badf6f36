import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Payment-provider secret keys are stored in the log encrypted with AES-256-GCM under a key derived (HKDF) from
 * the server secret, never in clear and never answered by the API. The ciphertext binds the payment method id.
 */
const PREFIX = 'sec:v1:';

function keyFrom(serverSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'aforo', 'events.payment-secrets', 32));
}

export function encryptSecret(serverSecret: string, boundTo: string, value: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(serverSecret), iv);
  cipher.setAAD(Buffer.from(boundTo, 'utf8'));
  const ct = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), ct]).toString('base64');
}

/** For the future payment step: the clear secret, or null if it cannot be decrypted. */
export function decryptSecret(serverSecret: string, boundTo: string, payload: string): string | null {
  if (!payload.startsWith(PREFIX)) return null;
  try {
    const raw = Buffer.from(payload.slice(PREFIX.length), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', keyFrom(serverSecret), raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(boundTo, 'utf8'));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
