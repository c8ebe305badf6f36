import type { AppContext } from '../../context.js';
import {
  confirmationMailDecider,
  confirmationMailStreamId,
  type ConfirmationMailCommand,
} from '../../domain/sales/confirmation-mail.js';
import { DomainError, NotFoundError } from '../../domain/shared/errors.js';
import { WrongExpectedVersionError } from '../../eventstore/port.js';
import { messages } from '../../messages/es.js';
import { findOrder, ticketsOfOrder } from '../../projections/sales/queries.js';
import { checkTemplate } from '../../sales-documents/template.js';
import { confirmationMailJob } from '../../workers/sales/confirmation-mail.js';
import { handleCommand } from '../handle.js';

const m = messages.ticketDocuments;
type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId'>;

async function run(ctx: Ctx, eventId: string, command: ConfirmationMailCommand, meta: { userId: string; commandId?: string; expectedVersion?: number }) {
  try {
    const result = await handleCommand(ctx, { streamId: confirmationMailStreamId(eventId), decider: confirmationMailDecider, command, meta });
    return { position: result.position, version: result.version, changed: result.events.length > 0 };
  } catch (err) {
    // The editor sent the version it loaded: someone saved in between.
    if (err instanceof WrongExpectedVersionError && meta.expectedVersion !== undefined) throw new DomainError('TEMPLATE_CONFLICT', m.templateConflict, 409);
    throw err;
  }
}

/**
 * Saves the event's confirmation mail template after rendering it with example data (sandboxed liquidjs): a
 * syntax error, an unknown merge field or filter, a file include or a runaway loop is refused in Spanish now,
 * not discovered in a buyer's inbox.
 */
export async function setConfirmationMailTemplate(
  ctx: Ctx,
  input: { eventId: string; subject: string; html: string; userId: string; clientId?: string; expectedVersion?: number },
) {
  const checked = await checkTemplate({ subject: input.subject, html: input.html });
  return run(
    ctx,
    input.eventId,
    { type: 'sales.SetConfirmationMailTemplate', data: { eventId: input.eventId, ...checked } },
    { userId: input.userId, commandId: input.clientId, expectedVersion: input.expectedVersion },
  );
}

/** Back to the default Spanish template. */
export function resetConfirmationMailTemplate(ctx: Ctx, input: { eventId: string; userId: string; clientId?: string; expectedVersion?: number }) {
  return run(
    ctx,
    input.eventId,
    { type: 'sales.ResetConfirmationMailTemplate', data: { eventId: input.eventId } },
    { userId: input.userId, commandId: input.clientId, expectedVersion: input.expectedVersion },
  );
}

/** Resends per order and window (each resend mails the buyer; more looks like abuse or a stuck button). */
export const RESEND_LIMIT = { perWindow: 3, windowMs: 10 * 60 * 1000 };

/**
 * "Resend tickets": a fresh mail job per request, keyed by the client id, so a retried request (same clientId)
 * is the same job and the same mail. Limited per order in Redis, shared by every API process; a retry is not
 * counted twice.
 */
export async function resendTickets(ctx: Pick<AppContext, 'db' | 'redis' | 'jobs' | 'config'>, input: { orderId: string; clientId: string }) {
  const order = await findOrder(ctx.db, input.orderId);
  if (!order) throw new NotFoundError('ORDER_NOT_FOUND', m.orderNotFound);
  const tickets = (await ticketsOfOrder(ctx.db, order._id)).filter((t) => t.status === 'valid');
  if (tickets.length === 0) throw new DomainError('NO_TICKETS', m.noTickets, 409);
  const prefix = `${ctx.config.redisPrefix}:sales:resend:${order._id}`;
  const claimed = await ctx.redis.set(`${prefix}:claim:${input.clientId}`, '1', 'PX', 24 * 60 * 60 * 1000, 'NX');
  if (claimed === 'OK') {
    const count = await ctx.redis.incr(`${prefix}:count`);
    if (count === 1) await ctx.redis.pexpire(`${prefix}:count`, RESEND_LIMIT.windowMs);
    if (count > RESEND_LIMIT.perWindow) {
      await ctx.redis.del(`${prefix}:claim:${input.clientId}`);
      throw new DomainError('RESEND_RATE_LIMITED', m.resendTooOften, 429);
    }
  }
  const key = `${order._id}:resend:${input.clientId}`;
  await ctx.jobs.enqueue(confirmationMailJob, { orderId: order._id, key }, key);
  return { orderId: order._id, queued: true };
}
