import type { AppContext } from '../../context.js';
import { meetingQuotaDecider, meetingQuotaStreamId } from '../../domain/businessConference/meeting-quota.js';
import { handleCommand } from '../handle.js';

/**
 * Gives a closed (or never recorded) meeting's place back on its requester's quota stream. Idempotent: a place
 * not held appends nothing, and the command id is the meeting's.
 */
export async function freeRequestPlace(ctx: Pick<AppContext, 'store' | 'clock' | 'newId'>, input: { participantId: string; roundId: string; meetingId: string }) {
  return handleCommand(ctx, {
    streamId: meetingQuotaStreamId(input.participantId),
    decider: meetingQuotaDecider,
    command: { type: 'businessConference.FreeRequestPlace', data: input },
    meta: { commandId: `meeting-free:${input.meetingId}` },
  });
}
