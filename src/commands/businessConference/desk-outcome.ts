/** After a meeting, one side says whether it happened (a "no" records the other side as a no-show). */
import type { AppContext } from '../../context.js';
import type { MeetingSide } from '../../contracts/businessConference-desk.js';
import { outcomeDecider, outcomeStreamId } from '../../domain/businessConference/outcome.js';
import { handleCommand } from '../handle.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId'>;

export async function reportOutcome(
  ctx: Ctx,
  input: {
    meetingId: string;
    roundId: string;
    eventId: string;
    offerParticipantId: string;
    demandParticipantId: string;
    side: MeetingSide;
    happened: boolean;
    startsAt: string | null;
    by: string;
    clientId: string;
  },
) {
  const { by, clientId, ...data } = input;
  const result = await handleCommand(ctx, {
    streamId: outcomeStreamId(input.meetingId),
    decider: outcomeDecider,
    command: { type: 'businessConference.ReportOutcome', data },
    meta: { userId: by, commandId: `outcome:${clientId}` },
  });
  return { state: result.state, position: result.position };
}
