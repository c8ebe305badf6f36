/**
 * The slots a participant cannot meet (stream `businessConference-unavailability-<participantId>`): the
 * participant themself or the organizer's team sets them; the scheduler never places the participant's
 * meetings there and a manual move there is refused. Pure.
 */
import { messages } from '../../messages/es.js';
import { DomainError } from '../shared/errors.js';
import type { DecideContext, Decider } from '../shared/types.js';

const m = messages.businessConference.agenda;

export const unavailabilityStreamId = (participantId: string) => `businessConference-unavailability-${participantId}`;

export type UnavailableSlotsSet = {
  type: 'businessConference.UnavailableSlotsSet';
  data: { participantId: string; roundId: string; slotIds: string[]; by: string | null; at: string };
};
export type UnavailabilityEvent = UnavailableSlotsSet;

export type SetUnavailableSlots = {
  type: 'businessConference.SetUnavailableSlots';
  data: { participantId: string; roundId: string; slotIds: string[]; /** The round's slot ids. */ roundSlotIds: string[] };
};
export type UnavailabilityCommand = SetUnavailableSlots;

export interface UnavailabilityState {
  slotIds: string[];
}

export const initialState = (): UnavailabilityState => ({ slotIds: [] });

export function decide(command: UnavailabilityCommand, state: UnavailabilityState, ctx: DecideContext): UnavailabilityEvent[] {
  const { participantId, roundId, roundSlotIds } = command.data;
  const known = new Set(roundSlotIds);
  const slotIds = [...new Set(command.data.slotIds)];
  if (slotIds.some((s) => !known.has(s))) throw new DomainError('SLOT_UNKNOWN', m.slotUnknown, 400);
  // Kept in the round's order, so that an unchanged set appends nothing.
  slotIds.sort((x, y) => roundSlotIds.indexOf(x) - roundSlotIds.indexOf(y));
  if (slotIds.length === state.slotIds.length && slotIds.every((s, i) => s === state.slotIds[i])) return [];
  return [{ type: 'businessConference.UnavailableSlotsSet', data: { participantId, roundId, slotIds, by: ctx.userId ?? null, at: ctx.now.toISOString() } }];
}

export const evolve = (_: UnavailabilityState, e: UnavailabilityEvent): UnavailabilityState => ({ slotIds: e.data.slotIds });

export const unavailabilityDecider: Decider<UnavailabilityCommand, UnavailabilityEvent, UnavailabilityState> = { decide, evolve, initialState };
