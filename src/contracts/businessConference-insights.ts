/**
 * Contracts of the business conference's insights area (post-meeting polls and the report), shared by the server
 * and the web app.
 */
import { z } from 'zod';
import { clientId } from './common.js';

export const POLL_SIDES = ['offer', 'demand'] as const;
export type PollSide = (typeof POLL_SIDES)[number];
export const POLL_INTERESTS = ['high', 'medium', 'low', 'none'] as const;
export type PollInterest = (typeof POLL_INTERESTS)[number];

/** PUT businessConference/round/:roundId/poll/:meetingId: the signed-in participant's answer for their side. */
export const answerPollRequest = z.object({
  clientId,
  interest: z.enum(POLL_INTERESTS),
  /** Minor units of the event's currency. */
  expectedAmount: z.number().int().min(0).max(1_000_000_000_000),
  satisfaction: z.number().int().min(1).max(5),
  comment: z.string().max(2000).default(''),
});
export type AnswerPollRequest = z.input<typeof answerPollRequest>;

export const roundParams = z.object({ roundId: z.string().min(1).max(100) });
export const roundMeetingParams = z.object({ roundId: z.string().min(1).max(100), meetingId: z.string().min(1).max(100) });
export const myPollsQuery = z.object({ type: z.enum(POLL_SIDES).optional() });
export const pollLinkParams = z.object({ eventCode: z.string().min(1).max(100), bcCode: z.string().min(1).max(100), poll: z.string().min(1).max(400) });
export const reportParams = z.object({ eventId: z.string().min(1).max(100) });
export const reportQuery = z.object({ round: z.string().min(1).max(100).optional() });

export type PollAnswerDto = {
  meetingId: string;
  roundId: string;
  eventId: string;
  side: PollSide;
  participantId: string;
  counterpartId: string;
  interest: PollInterest;
  expectedAmount: number;
  currency: string;
  satisfaction: number;
  comment: string;
  revision: number;
  answeredAt: string;
  updatedAt: string;
};

/** One meeting on a participant's poll page, with their answer (null until they answer). */
export type MyPollItem = {
  meetingId: string;
  side: PollSide;
  meetingStatus: string;
  counterpart: { participantId: string; companyName: string; sector: string; contactName: string };
  /** The meeting's slot start when it is on the agenda. */
  startsAt: string | null;
  table: number | null;
  answer: PollAnswerDto | null;
};

export type MyPollsDto = {
  roundId: string;
  roundName: string;
  eventId: string;
  currency: string;
  /** Answers may be given and changed until then. */
  closesAt: string;
  open: boolean;
  participantId: string;
  items: MyPollItem[];
};

/** GET businessConference/poll/:eventCode/:bcCode/:poll: the poll a link points to (meeting id or signed token). */
export type PollLinkDto = MyPollsDto & { item: MyPollItem };

/** The organizer's poll page: one row per answer, with both companies, and the averages. */
export type PollRow = PollAnswerDto & {
  companyName: string;
  sector: string;
  counterpartCompanyName: string;
};
export type RoundPollsDto = {
  roundId: string;
  currency: string;
  rows: PollRow[];
  summary: {
    answers: number;
    /** Meetings accepted in the round, and how many have at least one answer. */
    meetings: number;
    meetingsAnswered: number;
    satisfactionAverage: number | null;
    expectedAmountTotal: number;
    expectedAmountAverage: number | null;
    interest: Record<PollInterest, number>;
  };
};

export type ReportFigures = {
  requests: number;
  accepted: number;
  declined: number;
  expired: number;
  cancelled: number;
  pending: number;
  /** accepted / requests (0..1), null without requests. */
  acceptanceRate: number | null;
  meetingsHeld: number;
  /** Meetings where at least one side did not come (desk outcomes). */
  noShows: number;
  pollAnswers: number;
  satisfactionAverage: number | null;
  /** Expected business answered by offerers and demanders (minor units). */
  expectedByOffer: number;
  expectedByDemand: number;
  helpRequests: number;
  /** Seconds from a help request until an agent took it, over the taken ones; null when none was taken. */
  helpAverageWaitSeconds: number | null;
};

export type ReportDto = {
  eventId: string;
  currency: string;
  /** The round the figures are filtered to, or null for every round of the event. */
  roundId: string | null;
  rounds: { _id: string; name: string; code: string }[];
  totals: ReportFigures;
  byRound: (ReportFigures & { roundId: string; name: string })[];
  /** Expected business by the answering company's sector. */
  bySector: { sector: string; expectedByOffer: number; expectedByDemand: number; answers: number; satisfactionAverage: number | null }[];
  /** How many answers gave each score 1..5. */
  satisfaction: { score: number; count: number }[];
};
