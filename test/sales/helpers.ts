import { randomUUID } from 'node:crypto';
import { createEvent, type Client } from '../events/helpers.js';

/**
 * A published event with ticket types, made through the events module's API (as an organizer does it).
 * Returns its id, code and the ticket type ids in the order given.
 */
export async function publishedEvent(
  org: Client,
  opts: { capacity: number | null; tickets: Record<string, unknown>[]; paid?: boolean },
): Promise<{ id: string; code: string; ticketIds: string[] }> {
  const ev = (await createEvent(org, { capacity: opts.capacity })).data;
  const ticketIds: string[] = [];
  for (const t of opts.tickets) {
    const r = await org.post(`/event/${ev._id}/ticket`, { price: 0, quantity: 100, ...t, clientId: randomUUID() });
    if (r.status !== 201) throw new Error(`ticket failed ${r.status} ${JSON.stringify(r.body)}`);
    ticketIds.push(r.body.data._id);
  }
  if (opts.paid) {
    const pm = await org.post(`/event/${ev._id}/paymentMethod`, { kind: 'card', key: 'pk_test_123', secretKey: 'sk_test_123' });
    if (pm.status !== 201) throw new Error(`payment method failed ${pm.status} ${JSON.stringify(pm.body)}`);
  }
  const pub = await org.put(`/event/${ev._id}`, { published: true });
  if (pub.status !== 200) throw new Error(`publish failed ${pub.status} ${JSON.stringify(pub.body)}`);
  return { id: ev._id, code: ev.eventCode, ticketIds };
}
