/**
 * The help line of one side of a meeting (stream `businessConference-help-<meetingId>-<side>`): the participant
 * asks for help from the meeting, one agent of the event's help desk takes the request, talks to them in chat and
 * resolves it. One request is open at a time per meeting side (asking again answers the open one); the n-th
 * request's id is `<meetingId>.<side>.<n>`, so the stream is found from the id. Exactly one agent wins a take:
 * the append carries the stream's version and the loser, decided again on the new state, is refused. Pure.
 */
import { messages } from '../../messages/es.js';
import type { MeetingSide } from '../../contracts/businessConference-desk.js';
import { DomainError, NotFoundError } from '../shared/errors.js';
import type { Decider } from '../shared/types.js';
import { individualRoomId } from '../chat/ids.js';

const m = messages.businessConference.desk;

export const helpStreamId = (meetingId: string, side: MeetingSide) => `businessConference-help-${meetingId}-${side}`;
export const helpRequestId = (meetingId: string, side: MeetingSide, n: number) => `${meetingId}.${side}.${n}`;

/** The meeting and side of a request id, or null when it is not one. */
export function parseHelpRequestId(id: string): { meetingId: string; side: MeetingSide; n: number } | null {
  const match = /^(.{1,100})\.(offer|demand)\.([1-9]\d{0,5})$/.exec(id);
  return match ? { meetingId: match[1], side: match[2] as MeetingSide, n: Number(match[3]) } : null;
}

/** Who asked: the meeting's participant on that side (read from the participants and meetings areas). */
export type HelpAsker = {
  roundId: string;
  eventId: string;
  meetingId: string;
  side: MeetingSide;
  participantId: string;
  userId: string;
  companyName: string;
  contactName: string;
};

type E<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
export type HelpRequested = E<'businessConference.HelpRequested', HelpAsker & { requestId: string; at: string }>;
export type HelpTaken = E<
  'businessConference.HelpTaken',
  HelpAsker & { requestId: string; agentId: string; agentName: string; chatRoomId: string; at: string; waitSeconds: number }
>;
export type HelpResolved = E<'businessConference.HelpResolved', HelpAsker & { requestId: string; agentId: string; at: string; handlingSeconds: number }>;
export type HelpEvent = HelpRequested | HelpTaken | HelpResolved;

type C<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
export type AskHelp = C<'businessConference.AskHelp', HelpAsker>;
export type TakeHelp = C<'businessConference.TakeHelp', { requestId: string; agentId: string; agentName: string }>;
export type ResolveHelp = C<'businessConference.ResolveHelp', { requestId: string; agentId: string }>;
export type HelpCommand = AskHelp | TakeHelp | ResolveHelp;

export type HelpRequestState = HelpAsker & {
  requestId: string;
  status: 'open' | 'taken' | 'resolved';
  createdAt: string;
  takenAt: string | null;
  takenBy: string | null;
  takenByName: string | null;
  chatRoomId: string | null;
  resolvedAt: string | null;
};
export type HelpState = { count: number; current: HelpRequestState | null };
export const initialState = (): HelpState => ({ count: 0, current: null });

const seconds = (from: string, to: string) => Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000));

function asker(s: HelpRequestState): HelpAsker {
  const { roundId, eventId, meetingId, side, participantId, userId, companyName, contactName } = s;
  return { roundId, eventId, meetingId, side, participantId, userId, companyName, contactName };
}

/** The request a take / resolve names, which must be the stream's latest. */
function named(state: HelpState, requestId: string): HelpRequestState {
  if (!state.current || state.current.requestId !== requestId) throw new NotFoundError('HELP_NOT_FOUND', m.helpNotFound);
  return state.current;
}

export function decide(command: HelpCommand, state: HelpState, ctx: { now: Date }): HelpEvent[] {
  const at = ctx.now.toISOString();
  switch (command.type) {
    case 'businessConference.AskHelp': {
      // One open request per meeting side: asking again (a retry, a second click) answers the open one.
      if (state.current && state.current.status !== 'resolved') return [];
      const d = command.data;
      return [{ type: 'businessConference.HelpRequested', data: { ...d, requestId: helpRequestId(d.meetingId, d.side, state.count + 1), at } }];
    }
    case 'businessConference.TakeHelp': {
      const r = named(state, command.data.requestId);
      if (r.status === 'resolved') throw new DomainError('HELP_RESOLVED', m.helpResolved, 409);
      if (r.status === 'taken') {
        if (r.takenBy === command.data.agentId) return [];
        throw new DomainError('HELP_TAKEN', m.helpTaken(r.takenByName || m.someoneElse), 409, { takenBy: r.takenBy, takenByName: r.takenByName });
      }
      const { agentId, agentName } = command.data;
      // The agent's and the participant's individual chat room: its id is derived from the two users.
      const chatRoomId = individualRoomId(agentId, r.userId);
      return [
        {
          type: 'businessConference.HelpTaken',
          data: { ...asker(r), requestId: r.requestId, agentId, agentName, chatRoomId, at, waitSeconds: seconds(r.createdAt, at) },
        },
      ];
    }
    case 'businessConference.ResolveHelp': {
      const r = named(state, command.data.requestId);
      if (r.status === 'resolved') return [];
      if (r.status === 'open') throw new DomainError('HELP_NOT_TAKEN', m.helpNotTaken, 409);
      if (r.takenBy !== command.data.agentId) {
        throw new DomainError('HELP_NOT_YOURS', m.helpNotYours(r.takenByName || m.someoneElse), 409, { takenBy: r.takenBy, takenByName: r.takenByName });
      }
      return [
        {
          type: 'businessConference.HelpResolved',
          data: { ...asker(r), requestId: r.requestId, agentId: command.data.agentId, at, handlingSeconds: seconds(r.takenAt ?? r.createdAt, at) },
        },
      ];
    }
  }
}

export function evolve(state: HelpState, event: HelpEvent): HelpState {
  switch (event.type) {
    case 'businessConference.HelpRequested': {
      const { requestId, at, ...who } = event.data;
      return {
        count: state.count + 1,
        current: { ...who, requestId, status: 'open', createdAt: at, takenAt: null, takenBy: null, takenByName: null, chatRoomId: null, resolvedAt: null },
      };
    }
    case 'businessConference.HelpTaken':
      if (!state.current) return state;
      return {
        ...state,
        current: { ...state.current, status: 'taken', takenAt: event.data.at, takenBy: event.data.agentId, takenByName: event.data.agentName, chatRoomId: event.data.chatRoomId },
      };
    case 'businessConference.HelpResolved':
      if (!state.current) return state;
      return { ...state, current: { ...state.current, status: 'resolved', resolvedAt: event.data.at } };
  }
}

export const helpDecider: Decider<HelpCommand, HelpEvent, HelpState> = { decide, evolve, initialState };
