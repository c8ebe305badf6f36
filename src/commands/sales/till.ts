import { createHash } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { DomainError, NotFoundError } from '../../domain/shared/errors.js';
import { OPEN_TILL_SCOPE, openTillKey, tillDecider, tillStreamId, type TillCommand, type TillEvent, type TillState } from '../../domain/sales/till.js';
import { ReservationConflictError, type Recorded } from '../../eventstore/port.js';
import { messages } from '../../messages/es.js';
import { loadEvent } from '../events/service.js';
import { handleCommand, oneAtATime, type CommandResult } from '../handle.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId' | 'db'>;
const m = messages.boxOffice;

/**
 * A till's id made from who opens it and the client id: a retried open lands on the same stream (its command id
 * then answers the first open) instead of a second till refused by the one-open-till reservation.
 */
export function tillIdFor(eventId: string, userId: string, clientId: string): string {
  const h = createHash('sha256').update(`till:${eventId}:${userId}:${clientId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Sales and closing of one till wait for each other in this process (a sale decides on the till before it issues). */
export const tillQueueKey = (tillId: string) => `${tillStreamId(tillId)}:queue`;

/** The till folded from its stream (the stream is short: one event per sale or movement). */
export async function loadTill(ctx: Pick<AppContext, 'store'>, tillId: string): Promise<{ state: TillState; recorded: Recorded<TillEvent>[] }> {
  const recorded = (await ctx.store.readStream(tillStreamId(tillId))) as Recorded<TillEvent>[];
  return { state: recorded.reduce(tillDecider.evolve, tillDecider.initialState()), recorded };
}

/** Runs one till command; `eventId` is the event the route authorized, which the till must belong to. */
export async function runTill(
  ctx: Ctx,
  input: { eventId: string; tillId: string; userId: string; commandId: string; command: TillCommand },
): Promise<CommandResult<TillState, TillEvent>> {
  const result = await handleCommand(ctx, {
    streamId: tillStreamId(input.tillId),
    decider: {
      ...tillDecider,
      // A till of another event reads as missing: the route's authorization was for this event only.
      decide: (c, s, d) => {
        if (s.status !== 'none' && s.eventId !== input.eventId) throw new NotFoundError('TILL_NOT_FOUND', m.tillNotFound);
        return tillDecider.decide(c, s, d);
      },
    },
    command: input.command,
    meta: { commandId: input.commandId, userId: input.userId },
    // One open till per cashier per event: held from opening to closing.
    reserve: (events) => (events.some((e) => e.type === 'sales.TillOpened') ? [{ scope: OPEN_TILL_SCOPE, value: openTillKey(input.eventId, input.userId) }] : []),
    release: (events, state) =>
      events.some((e) => e.type === 'sales.TillClosed') && state.status !== 'none' ? [{ scope: OPEN_TILL_SCOPE, value: openTillKey(state.eventId, state.openedBy) }] : [],
  });
  return result;
}

/** Opens the caller's till at an event with a starting float, in the event's currency. */
export async function openTill(ctx: Ctx, input: { eventId: string; userId: string; clientId: string; float: number }) {
  const loaded = await loadEvent(ctx, input.eventId);
  if (!loaded || !loaded.state.published || loaded.state.cancelledAt) throw new NotFoundError('EVENT_NOT_ON_SALE', messages.sales.eventNotOnSale);
  const tillId = tillIdFor(input.eventId, input.userId, input.clientId);
  try {
    return await runTill(ctx, {
      eventId: input.eventId,
      tillId,
      userId: input.userId,
      commandId: `till-open:${input.clientId}`,
      command: { type: 'sales.OpenTill', data: { tillId, eventId: input.eventId, float: input.float, currency: loaded.state.currency } },
    });
  } catch (err) {
    if (err instanceof ReservationConflictError && err.reservation.scope === OPEN_TILL_SCOPE) {
      throw new DomainError('TILL_ALREADY_OPEN', m.tillAlreadyOpen, 409);
    }
    throw err;
  }
}

export function moveCash(
  ctx: Ctx,
  input: { eventId: string; tillId: string; userId: string; clientId: string; direction: 'in' | 'out'; amount: number; reason: string },
) {
  const { direction, amount, reason } = input;
  return runTill(ctx, { ...input, commandId: `till-move:${input.clientId}`, command: { type: 'sales.MoveCash', data: { direction, amount, reason } } });
}

export function closeTill(ctx: Ctx, input: { eventId: string; tillId: string; userId: string; clientId: string; counted: number; note?: string }) {
  // After any sale of this process still under way: its order must reach the till before the count is taken.
  return oneAtATime(ctx.store, tillQueueKey(input.tillId), () =>
    runTill(ctx, {
      ...input,
      commandId: `till-close:${input.clientId}`,
      command: { type: 'sales.CloseTill', data: { counted: input.counted, note: input.note ?? null } },
    }),
  );
}
