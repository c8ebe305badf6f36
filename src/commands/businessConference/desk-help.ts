/**
 * The live help desk's use cases: a participant asks for help from a meeting (spec 7
 * `businessConferenceScheduleHelp`), an agent of the event's help desk takes the request (exactly one wins: the
 * append is versioned and the loser, decided again, is refused with who took it), talks to the participant in an
 * individual chat room and resolves it. Authorization and lookups are the route's; these only decide and append.
 */
import type { AppContext } from '../../context.js';
import type { HelpRequestDto } from '../../contracts/businessConference-desk.js';
import {
  helpDecider,
  helpStreamId,
  parseHelpRequestId,
  type HelpAsker,
  type HelpRequestState,
} from '../../domain/businessConference/help.js';
import { DomainError, NotFoundError } from '../../domain/shared/errors.js';
import { messages } from '../../messages/es.js';
import { handleCommand } from '../handle.js';
import { getOrOpenIndividualRoom } from '../chat/rooms.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId'>;
const m = messages.businessConference.desk;

const seconds = (from: string, to: string | null) => (to === null ? null : Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000)));

/** The request as the desk and the participant see it (from the stream's state: the answer of a command). */
export function helpDtoOf(s: HelpRequestState, resolvedBy: string | null = null): HelpRequestDto {
  return {
    _id: s.requestId,
    roundId: s.roundId,
    eventId: s.eventId,
    meetingId: s.meetingId,
    side: s.side,
    participantId: s.participantId,
    userId: s.userId,
    companyName: s.companyName,
    contactName: s.contactName,
    status: s.status,
    createdAt: s.createdAt,
    takenAt: s.takenAt,
    takenBy: s.takenBy,
    takenByName: s.takenByName,
    chatRoomId: s.chatRoomId,
    resolvedAt: s.resolvedAt,
    resolvedBy: s.status === 'resolved' ? (resolvedBy ?? s.takenBy) : null,
    waitSeconds: s.takenAt ? seconds(s.createdAt, s.takenAt) : null,
    handlingSeconds: s.takenAt && s.resolvedAt ? seconds(s.takenAt, s.resolvedAt) : null,
  };
}

/** Asks for help; an open request of the same meeting side is answered instead of a new one (`created: false`). */
export async function askHelp(ctx: Ctx, asker: HelpAsker) {
  const result = await handleCommand(ctx, {
    streamId: helpStreamId(asker.meetingId, asker.side),
    decider: helpDecider,
    command: { type: 'businessConference.AskHelp', data: asker },
    meta: { userId: asker.userId },
  });
  return { data: helpDtoOf(result.state.current!), created: result.events.length > 0, position: result.position };
}

/** The stream of a request id (404 when the id is not one). */
function streamOf(requestId: string) {
  const parsed = parseHelpRequestId(requestId);
  if (!parsed) throw new NotFoundError('HELP_NOT_FOUND', m.helpNotFound);
  return helpStreamId(parsed.meetingId, parsed.side);
}

/**
 * An agent takes a request. The chat room's id is derived from the two users, so it goes into the event; the room
 * is opened after the take is recorded, so a losing agent opens nothing.
 */
export async function takeHelp(
  ctx: Ctx & Pick<AppContext, 'db' | 'redis' | 'config' | 'logger'>,
  input: { requestId: string; agentId: string; agentName: string; clientId: string },
) {
  const { requestId, agentId, agentName } = input;
  const result = await handleCommand(ctx, {
    streamId: streamOf(requestId),
    decider: helpDecider,
    command: { type: 'businessConference.TakeHelp', data: { requestId, agentId, agentName } },
    meta: { userId: agentId, commandId: `help:take:${input.clientId}` },
  });
  const participantUserId = result.state.current!.userId;
  if (agentId !== participantUserId) {
    try {
      await getOrOpenIndividualRoom(ctx, agentId, participantUserId);
    } catch (err) {
      // The take stands; without a contact link (chat's own rule) the chat panel cannot open the room either,
      // which the agent then learns there. Anything else is a real failure.
      if (!(err instanceof DomainError && err.code === 'CHAT_NOT_CONTACT')) throw err;
      ctx.logger.warn({ requestId, agentId }, 'help desk: agent and participant are not chat contacts');
    }
  }
  return { data: helpDtoOf(result.state.current!), position: result.position };
}

export async function resolveHelp(ctx: Ctx, input: { requestId: string; agentId: string; clientId: string }) {
  const { requestId, agentId } = input;
  const result = await handleCommand(ctx, {
    streamId: streamOf(requestId),
    decider: helpDecider,
    command: { type: 'businessConference.ResolveHelp', data: { requestId, agentId } },
    meta: { userId: agentId, commandId: `help:resolve:${input.clientId}` },
  });
  return { data: helpDtoOf(result.state.current!), position: result.position };
}
