import type { TicketsIssued } from '../../domain/sales/order.js';
import { confirmationMailJob } from '../../workers/sales/confirmation-mail.js';
import { defineProjection } from '../projection.js';

/**
 * `sales.confirmation-mail-reactor`: tickets issued -> the confirmation mail job, after commit, keyed by the
 * order id (a replayed batch enqueues the same job id, and the job's sent log sends once; a rebuild replays
 * without effects). No rows of its own.
 */
export const confirmationMailReactor = defineProjection<TicketsIssued>({
  name: 'sales.confirmation-mail-reactor',
  eventTypes: ['sales.TicketsIssued'],
  async handle(events, ctx) {
    for (const e of events) {
      const { orderId } = e.data;
      ctx.afterCommit(({ jobs }) => jobs.enqueue(confirmationMailJob, { orderId, key: orderId }, orderId));
    }
  },
  async reset() {},
});
