import { z } from 'zod';
import { confirmStandSale, expireStandReservation } from '../../commands/exhibitor/stands.js';
import { defineJob } from '../jobs.js';

/**
 * Expires a stand reservation at its holdUntil (src/commands/exhibitor/stands.ts): its sales order is expired and
 * the stand freed, or sold if the order was paid first. Enqueued by the exhibitor.stands reactor with a BullMQ
 * delay, keyed by the reservation. A job that runs early fails with HOLD_NOT_OVER and is retried with backoff.
 */
export const expireStandJob = defineJob({
  name: 'exhibitor.expireStand',
  version: 1,
  queue: 'expiries',
  schema: z.object({ eventId: z.string(), reservationId: z.string() }),
  async handler(payload, { commands, db, logger }) {
    const outcome = await expireStandReservation({ ...commands, db }, payload);
    logger.debug({ ...payload, outcome }, 'exhibitor: stand reservation expiry handled');
  },
});

/** A stand's sales order was paid: sells the stand, registers the company, invites its administrator. */
export const confirmStandSaleJob = defineJob({
  name: 'exhibitor.confirmStandSale',
  version: 1,
  queue: 'expiries',
  schema: z.object({ eventId: z.string(), orderId: z.string() }),
  async handler(payload, { commands, db, logger }) {
    const done = await confirmStandSale({ ...commands, db }, payload);
    logger.debug({ ...payload, companyId: done?.companyId }, 'exhibitor: stand sale confirmed');
  },
});
