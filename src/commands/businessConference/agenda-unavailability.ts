import type { AppContext } from '../../context.js';
import { unavailabilityDecider, unavailabilityStreamId } from '../../domain/businessConference/agenda-unavailability.js';
import { handleCommand } from '../handle.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId'>;

/** Sets the slots a participant cannot meet (the whole set; the same client id answers the first result). */
export function setUnavailableSlots(
  ctx: Ctx,
  input: { participantId: string; roundId: string; slotIds: string[]; roundSlotIds: string[]; userId: string; clientId: string },
) {
  return handleCommand(ctx, {
    streamId: unavailabilityStreamId(input.participantId),
    decider: unavailabilityDecider,
    command: {
      type: 'businessConference.SetUnavailableSlots',
      data: { participantId: input.participantId, roundId: input.roundId, slotIds: input.slotIds, roundSlotIds: input.roundSlotIds },
    },
    meta: { commandId: `bc-unavailable:${input.participantId}:${input.clientId}`, userId: input.userId },
  });
}
