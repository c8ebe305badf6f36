import type { AppContext } from '../../context.js';
import type { DecisionRequest } from '../../contracts/businessConference-participants.js';
import { participantDecider, participantStreamId } from '../../domain/businessConference/participant.js';
import { handleCommand } from '../handle.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId'>;

/**
 * The organizer approves or rejects a participant. Approval grants the round-scoped role (access.memberships
 * reacts to ParticipantApproved) and notifies the participant; a rejection withdraws the role. Deciding the same
 * again records nothing; the client id makes a retry answer the first decision.
 */
export async function decideParticipant(ctx: Ctx, input: { participantId: string; userId: string; body: DecisionRequest }) {
  const result = await handleCommand(ctx, {
    streamId: participantStreamId(input.participantId),
    decider: participantDecider,
    command: { type: 'businessConference.DecideParticipant', data: { decision: input.body.decision, reason: input.body.reason } },
    meta: { commandId: `decide:${input.body.clientId}`, userId: input.userId },
  });
  return { position: result.position };
}
