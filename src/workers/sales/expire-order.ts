import { z } from 'zod';
import { expireOrder } from '../../commands/sales/expire.js';
import { NotFoundError } from '../../domain/shared/errors.js';
import { defineJob } from '../jobs.js';

/**
 * Expires an unpaid reservation at its holdUntil and frees its seats. Enqueued by the sales.orders projection
 * with a BullMQ delay, keyed by the order id. A job that runs early (clock skew) fails with HOLD_NOT_OVER and is
 * retried with backoff; a paid or cancelled order makes it a no-op.
 */
export const expireOrderJob = defineJob({
  name: 'sales.expireOrder',
  version: 1,
  queue: 'expiries',
  schema: z.object({ orderId: z.string() }),
  async handler(payload, { commands, logger }) {
    try {
      const { expired } = await expireOrder(commands, payload.orderId);
      logger.debug({ orderId: payload.orderId, expired }, 'sales: expiry handled');
    } catch (err) {
      if (err instanceof NotFoundError) return; // no such order: nothing to free
      throw err;
    }
  },
});
