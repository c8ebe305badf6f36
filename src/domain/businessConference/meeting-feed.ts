/**
 * A participant's calendar subscription (stream `businessConference-meetingFeed-<participantId>`): the secret
 * token of its iCal feed URL, issued once on request (the token comes in: minted by the command from random
 * bytes) and kept. Anyone holding the URL reads the participant's agenda, as with any calendar subscription
 * link. Pure.
 */
import type { DecideContext, Decider } from '../shared/types.js';

export const meetingFeedStreamId = (participantId: string) => `businessConference-meetingFeed-${participantId}`;

export type MeetingFeedIssued = {
  type: 'businessConference.MeetingFeedIssued';
  data: { participantId: string; roundId: string; userId: string; token: string; at: string };
};
export type MeetingFeedEvent = MeetingFeedIssued;
export type IssueMeetingFeed = { type: 'businessConference.IssueMeetingFeed'; data: { participantId: string; roundId: string; userId: string; token: string } };

export interface MeetingFeedState {
  token: string | null;
}

export const meetingFeedDecider: Decider<IssueMeetingFeed, MeetingFeedEvent, MeetingFeedState> = {
  initialState: () => ({ token: null }),
  decide(command, state, ctx: DecideContext) {
    if (state.token) return []; // one feed per participant: asking again answers the same URL
    return [{ type: 'businessConference.MeetingFeedIssued', data: { ...command.data, at: ctx.now.toISOString() } }];
  },
  evolve: (_state, event) => ({ token: event.data.token }),
};
