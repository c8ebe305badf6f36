import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.js';
import type { ParticipantDto } from '../../contracts/businessConference-participants.js';
import { meetingFeedDecider, meetingFeedStreamId } from '../../domain/businessConference/meeting-feed.js';
import { handleCommand } from '../handle.js';

/** Issues (once) the secret token of a participant's iCal feed; asking again answers the same token. */
export async function issueMeetingFeed(ctx: Pick<AppContext, 'store' | 'clock' | 'newId'>, participant: ParticipantDto): Promise<{ token: string; position: string | null }> {
  const r = await handleCommand(ctx, {
    streamId: meetingFeedStreamId(participant._id),
    decider: meetingFeedDecider,
    command: {
      type: 'businessConference.IssueMeetingFeed',
      data: { participantId: participant._id, roundId: participant.roundId, userId: participant.userId, token: randomBytes(24).toString('base64url') },
    },
    meta: { userId: participant.userId },
  });
  return { token: r.state.token!, position: r.position };
}
