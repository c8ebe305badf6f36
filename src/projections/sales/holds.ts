import type { SeatsHeld } from '../../domain/sales/quota.js';
import { SWEEP_GRACE_SECONDS, sweepHoldJob } from '../../workers/sales/sweep-hold.js';
import { defineProjection } from '../projection.js';

/**
 * `sales.holds`: no rows, only the safety net for holds whose order was never recorded (a crash between a
 * reservation's two appends): each reservation's hold schedules `sales.sweepHold` at its end plus a grace, keyed by
 * the order id. Holds of the team's orders and late payments record their order otherwise and are not scheduled.
 */
export const holdsProjection = defineProjection<SeatsHeld>({
  name: 'sales.holds',
  eventTypes: ['sales.SeatsHeld'],
  async handle(events, ctx) {
    if (ctx.replaying) return;
    for (const e of events) {
      const commandId = e.metadata.commandId;
      if (!commandId?.startsWith('reserve:')) continue;
      const { eventId, orderId, holdUntil } = e.data;
      ctx.afterCommit(({ jobs }) =>
        jobs.enqueue(sweepHoldJob, { eventId, orderId, commandId }, orderId, { delay: Date.parse(holdUntil) + SWEEP_GRACE_SECONDS * 1000 - Date.now() }),
      );
    }
  },
  async reset() {
    // No rows: a rebuild schedules nothing (replaying).
  },
});
