/**
 * Use cases of a business-conference round (src/domain/businessConference/round.ts): create, edit, custom fields,
 * catalogue filter, delete. Authorization happens before, in the HTTP layer. A client id makes a retry answer the
 * first result; expectedVersion (the round version the page edited) makes a stale save a 409.
 *
 * The BCCode is short and unique per event: drawn at random and reserved in the event store with the create
 * append (scope per event), released when the round is deleted.
 */
import { randomInt } from 'node:crypto';
import type { AppContext } from '../../context.js';
import type { FieldInput, RoundInput } from '../../contracts/businessConference-rounds.js';
import { DomainError } from '../../domain/shared/errors.js';
import { roundDecider, roundStreamId, type RoundCommand, type RoundEvent, type RoundState } from '../../domain/businessConference/round.js';
import { ReservationConflictError, type Reservation } from '../../eventstore/port.js';
import { messages } from '../../messages/es.js';
import { handleCommand, type CommandResult } from '../handle.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId'>;
export type RoundResult = CommandResult<RoundState, RoundEvent>;
const m = messages.businessConference.rounds;

export const roundCodeScope = (eventId: string) => `bc-round-code:${eventId}`;
/** No 0/O, 1/I/L: read aloud and typed from a printout. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 5;
const CODE_ATTEMPTS = 8;

export function newRoundCode(): string {
  let s = '';
  for (let i = 0; i < CODE_LENGTH; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return s;
}

const codeReservations = (kind: 'reserve' | 'release') => (events: RoundEvent[]): Reservation[] =>
  events.flatMap((e) =>
    (kind === 'reserve' && e.type === 'businessConference.RoundCreated') || (kind === 'release' && e.type === 'businessConference.RoundDeleted')
      ? [{ scope: roundCodeScope(e.data.eventId), value: e.data.code.toLowerCase() }]
      : [],
  );

function run(ctx: Ctx, roundId: string, command: RoundCommand, meta: { commandId?: string; by: string }): Promise<RoundResult> {
  return handleCommand(ctx, {
    streamId: roundStreamId(roundId),
    decider: roundDecider,
    command,
    meta: { commandId: meta.commandId, userId: meta.by },
    reserve: codeReservations('reserve'),
    release: codeReservations('release'),
  });
}

/**
 * Creates a round of an event. The client's id is the round's id, so a retry lands on the same stream and answers
 * the first result; an id already used by another event's round is a 409.
 */
export async function createRound(
  ctx: Ctx,
  input: { eventId: string; round: RoundInput; clientId: string; by: string; drawCode?: () => string },
): Promise<RoundResult> {
  const draw = input.drawCode ?? newRoundCode;
  for (let attempt = 1; ; attempt++) {
    try {
      const r = await run(
        ctx,
        input.clientId,
        { type: 'businessConference.CreateRound', data: { roundId: input.clientId, eventId: input.eventId, code: draw(), input: input.round } },
        { commandId: `create:${input.clientId}`, by: input.by },
      );
      if (r.state.eventId !== input.eventId) throw new DomainError('ROUND_EXISTS', m.exists, 409);
      return r;
    } catch (err) {
      // Another round of the event drew the same code: draw again.
      if (err instanceof ReservationConflictError && attempt < CODE_ATTEMPTS) continue;
      if (err instanceof ReservationConflictError) throw new DomainError('ROUND_CODE_TAKEN', m.codeTaken, 409);
      throw err;
    }
  }
}

export function changeRound(ctx: Ctx, input: { roundId: string; round: RoundInput; expectedVersion?: number; clientId?: string; by: string }): Promise<RoundResult> {
  return run(
    ctx,
    input.roundId,
    { type: 'businessConference.ChangeRound', data: { input: input.round, expectedVersion: input.expectedVersion } },
    { commandId: input.clientId ? `change:${input.clientId}` : undefined, by: input.by },
  );
}

export function changeRoundFields(
  ctx: Ctx,
  input: { roundId: string; side: 'offer' | 'demand'; fields: FieldInput[]; expectedVersion?: number; clientId?: string; by: string },
): Promise<RoundResult> {
  return run(
    ctx,
    input.roundId,
    { type: 'businessConference.ChangeRoundFields', data: { side: input.side, fields: input.fields, expectedVersion: input.expectedVersion } },
    { commandId: input.clientId ? `fields:${input.clientId}` : undefined, by: input.by },
  );
}

export function changeCatalogueFilter(
  ctx: Ctx,
  input: { roundId: string; filter: string[]; expectedVersion?: number; clientId?: string; by: string },
): Promise<RoundResult> {
  return run(
    ctx,
    input.roundId,
    { type: 'businessConference.ChangeCatalogueFilter', data: { filter: input.filter, expectedVersion: input.expectedVersion } },
    { commandId: input.clientId ? `filter:${input.clientId}` : undefined, by: input.by },
  );
}

export function deleteRound(ctx: Ctx, input: { roundId: string; clientId?: string; by: string }): Promise<RoundResult> {
  return run(ctx, input.roundId, { type: 'businessConference.DeleteRound', data: {} }, { commandId: input.clientId ? `delete:${input.clientId}` : undefined, by: input.by });
}

/**
 * A retried delete that finds the round gone from the read model: answers the first delete's result when this user
 * made it with this client id; never writes (the guard could not run on a round that is gone).
 */
export async function earlierDelete(ctx: Pick<AppContext, 'store'>, input: { roundId: string; clientId: string; by: string }): Promise<{ position: string } | null> {
  const recorded = await ctx.store.readStream(roundStreamId(input.roundId));
  const e = recorded.find((r) => r.type === 'businessConference.RoundDeleted' && r.metadata.commandId === `delete:${input.clientId}` && r.metadata.userId === input.by);
  return e ? { position: e.position } : null;
}
