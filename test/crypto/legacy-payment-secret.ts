import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The pre-vault format of a card's `secretKeyCipher`, written here by hand (the code no longer writes it):
 * `sec:v1:` + base64([IV][GCM tag][ciphertext]) under HKDF(JWT_SECRET), the payment method id as associated data.
 */
export function legacyPaymentSecret(jwtSecret: string, paymentMethodId: string, value: string): string {
  const key = Buffer.from(hkdfSync('sha256', jwtSecret, 'aforo', 'events.payment-secrets', 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(paymentMethodId, 'utf8'));
  const ct = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return 'sec:v1:' + Buffer.concat([iv, cipher.getAuthTag(), ct]).toString('base64');
}
