import { z } from 'zod';
import { sweepHold } from '../../commands/sales/sweep-hold.js';
import { defineJob } from '../jobs.js';

/** Seconds after a hold's end before a hold without an order is swept (the two appends are milliseconds apart). */
export const SWEEP_GRACE_SECONDS = 5;

/**
 * Finishes and expires a reservation whose order was never recorded (src/commands/sales/sweep-hold.ts). Enqueued by
 * the sales.holds projection for every reservation's hold, due at holdUntil + grace, keyed by the order id; a hold
 * whose order exists is left to the order's own expiry.
 */
export const sweepHoldJob = defineJob({
  name: 'sales.sweepHold',
  version: 1,
  queue: 'expiries',
  schema: z.object({ eventId: z.string(), orderId: z.string(), commandId: z.string() }),
  async handler(payload, { commands, logger }) {
    const { swept } = await sweepHold(commands, payload);
    if (swept) logger.warn({ orderId: payload.orderId }, 'sales: a hold without its order was expired');
  },
});
