import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { z } from 'zod';
import { createSecretsVault } from '../../crypto/secrets-vault.js';
import { findContact } from '../../projections/contacts/queries.js';
import { waitForPosition } from '../../projections/wait.js';
import { defineJob } from '../jobs.js';
import { publicAddressOf, RefusedAddressError } from './webhook-address.js';

export const WEBHOOK_SIGNATURE_HEADER = 'x-aforo-signature';
const TIMEOUT_MS = 10_000;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the webhook's secret>` (Stripe's shape). */
export function webhookSignature(secret: string, body: string, t: number): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

/** One POST to the checked address (the Host header and TLS name stay the URL's); no redirects are followed. */
function post(url: URL, address: { address: string; family: number }, body: string, headers: Record<string, string>): Promise<number> {
  const lib = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'Aforo-Webhooks/1', ...headers },
        lookup: (_host, _opts, cb) => (cb as (e: null, a: string, f: number) => void)(null, address.address, address.family),
        timeout: TIMEOUT_MS,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * `contacts.webhookDelivery`: one contact change to one webhook, enqueued by the `contacts.webhooks` reactor
 * (key: webhook and event id, so a re-enqueue is the same job). Signed with the webhook's secret from the vault,
 * sent only to a public address (webhook-address.ts), retried with exponential back-off on a network error or a
 * non-2xx answer; every attempt is logged with its status code in contacts_webhook_deliveries. A webhook removed
 * meanwhile is not called.
 */
export const webhookDeliveryJob = defineJob({
  name: 'contacts.webhookDelivery',
  version: 1,
  queue: 'notifications',
  schema: z.object({
    webhookId: z.string(),
    clientId: z.string(),
    event: z.enum(['contact.created', 'contact.updated', 'contact.erased']),
    contactId: z.string(),
    eventId: z.string(),
    occurredAt: z.string(),
    position: z.string(),
  }),
  options: { attempts: 6, backoff: { type: 'exponential', delay: 2000 } },
  async handler(p, { db, commands }) {
    const hook = await db.selectFrom('contacts_webhooks').selectAll().where('id', '=', p.webhookId).where('client_id', '=', p.clientId).executeTakeFirst();
    if (!hook || hook.removed_at) return;
    const deliveryKey = `${p.webhookId}:${p.eventId}`;
    const previous = await db.selectFrom('contacts_webhook_deliveries').select((eb) => eb.fn.countAll<string>().as('n')).where('delivery_key', '=', deliveryKey).executeTakeFirstOrThrow();
    const attempt = Number(previous.n) + 1;
    const log = (status_code: number | null, error: string | null) =>
      db.insertInto('contacts_webhook_deliveries').values({ webhook_id: p.webhookId, delivery_key: deliveryKey, client_id: p.clientId, event: p.event, contact_id: p.contactId, attempt, status_code, error }).execute();

    // The contact as it is now (an erased one carries no personal data): the records read model first catches up.
    await waitForPosition(db, commands.store, p.position, { projections: ['contacts.records'], timeoutMs: 5000 });
    const c = p.event === 'contact.erased' ? null : await findContact(db, p.clientId, p.contactId);
    const contact = c ? { id: c._id, name: c.name, email: c.email, phone: c.phone, source: c.source, consent: c.consent, updatedAt: c.updatedAt } : { id: p.contactId };
    const body = JSON.stringify({ id: p.eventId, event: p.event, occurredAt: p.occurredAt, contact });
    const secret = await createSecretsVault(db).reveal(hook.secret_ref);
    if (!secret) {
      await log(null, 'secret missing');
      return;
    }
    const url = new URL(hook.url);
    let address;
    try {
      address = await publicAddressOf(url.hostname);
    } catch (err) {
      // A refused address is final: retrying would not make it public.
      await log(null, err instanceof RefusedAddressError ? 'refused: private or internal address' : `dns: ${(err as Error).message}`.slice(0, 300));
      if (err instanceof RefusedAddressError) return;
      throw err;
    }
    let status: number;
    try {
      status = await post(url, address, body, { [WEBHOOK_SIGNATURE_HEADER]: webhookSignature(secret, body, Math.floor(commands.clock().getTime() / 1000)), 'x-aforo-event': p.event, 'x-aforo-delivery': p.eventId });
    } catch (err) {
      await log(null, (err as Error).message.slice(0, 300));
      throw err;
    }
    await log(status, null);
    if (status < 200 || status >= 300) throw new Error(`webhook answered ${status}`);
  },
});
