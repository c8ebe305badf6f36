/**
 * `PUT updateCollaboratorTour` (spec 7): the user finished or skipped a tour; the flags go to the user's tour
 * stream. The roles come from the user's approved participations, so nobody answers a tour of a side they do not
 * take part in, and nobody reaches another user's tour (the stream is the caller's own).
 */
import type { AppContext } from '../../context.js';
import type { TourPatch } from '../../contracts/businessConference-home.js';
import type { ParticipantType } from '../../contracts/businessConference-participants.js';
import { tourDecider, tourStreamId, type TourEvent, type TourState } from '../../domain/businessConference/tour.js';
import type { Recorded } from '../../eventstore/port.js';
import { handleCommand, type CommandResult } from '../handle.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId'>;

export async function updateTour(
  ctx: Ctx,
  input: { userId: string; tour: TourPatch; roles: ParticipantType[]; clientId?: string },
): Promise<CommandResult<TourState, TourEvent>> {
  return handleCommand(ctx, {
    streamId: tourStreamId(input.userId),
    decider: tourDecider,
    command: { type: 'businessConference.UpdateTour', data: { userId: input.userId, tour: input.tour, roles: input.roles } },
    meta: { commandId: input.clientId ? `tour:${input.clientId}` : undefined, userId: input.userId },
  });
}

/** The tour as the user's stream says now (the read model may lag a write by a few milliseconds). */
export async function loadTour(ctx: Pick<AppContext, 'store'>, userId: string): Promise<TourState> {
  const events = (await ctx.store.readStream(tourStreamId(userId))) as Recorded<TourEvent>[];
  return events.reduce(tourDecider.evolve, tourDecider.initialState());
}
