/**
 * What the insights pages show, composed from this area's poll answers and the other areas' query functions
 * (rounds, participants, meetings, agenda, desk): the participant's poll list, the organizer's answers grid and the
 * report's figures. Every number is computed here from the read models, never sent by the client.
 */
import type { Kysely } from 'kysely';
import type { MyPollItem, MyPollsDto, PollAnswerDto, PollInterest, PollRow, PollSide, ReportDto, ReportFigures, RoundPollsDto } from '../../contracts/businessConference-insights.js';
import type { MeetingDto } from '../../contracts/businessConference-meetings.js';
import type { ParticipantDto } from '../../contracts/businessConference-participants.js';
import type { RoundDto } from '../../contracts/businessConference-rounds.js';
import type { DB } from '../../db/schema.js';
import { roundEndsAt, sideOf } from '../../domain/businessConference/poll.js';
import { placementsOfMeetings } from './agenda-queries.js';
import { helpRequestsOfRound, outcomesOfRound } from './desk-queries.js';
import { pollAnswersOfParticipant, pollAnswersOfRound } from './insights-queries.js';
import { meetingsOfParticipant, meetingsOfRound } from './meetings-queries.js';
import { participantsOfRound } from './participants-queries.js';

/** Meetings a poll is asked about: the accepted ones (held or to be held). */
const POLLABLE: MeetingDto['status'][] = ['accepted'];

const avg = (sum: number, n: number): number | null => (n === 0 ? null : Math.round((sum / n) * 100) / 100);

/** The participant's meetings of a round with their answer, for one side (offer_demand groups) or both. */
export async function myPolls(
  db: Kysely<DB>,
  input: { round: RoundDto; participant: ParticipantDto; currency: string; now: Date; side?: PollSide; meetingId?: string },
): Promise<MyPollsDto> {
  const { round, participant } = input;
  const meetings = (await meetingsOfParticipant(db, participant._id)).filter(
    (mt) => mt.roundId === round._id && POLLABLE.includes(mt.status) && (!input.meetingId || mt._id === input.meetingId),
  );
  const withSide = meetings
    .map((mt) => ({ mt, side: sideOf(mt, participant._id) }))
    .filter((x): x is { mt: MeetingDto; side: PollSide } => x.side !== null && (!input.side || x.side === input.side));
  const [people, answers, placements] = await Promise.all([
    participantsOfRound(db, round._id),
    pollAnswersOfParticipant(db, participant._id),
    placementsOfMeetings(db, withSide.map((x) => x.mt._id)),
  ]);
  const byId = new Map(people.map((p) => [p._id, p]));
  const slotStart = new Map(round.slots.map((s) => [s.slotId, s.start]));
  const placementOf = new Map(placements.map((p) => [p.meetingId, p]));
  const answerOf = new Map(answers.map((a) => [`${a.meetingId}:${a.side}`, a]));
  const items: MyPollItem[] = withSide.map(({ mt, side }) => {
    const counterpartId = side === 'offer' ? mt.demandParticipantId : mt.offerParticipantId;
    const cp = byId.get(counterpartId);
    const pl = placementOf.get(mt._id);
    return {
      meetingId: mt._id,
      side,
      meetingStatus: mt.status,
      counterpart: { participantId: counterpartId, companyName: cp?.company.name ?? '', sector: cp?.company.sector ?? '', contactName: cp?.contactName ?? '' },
      startsAt: pl ? (slotStart.get(pl.slotId) ?? null) : null,
      table: pl?.table ?? null,
      answer: answerOf.get(`${mt._id}:${side}`) ?? null,
    };
  });
  items.sort((a, b) => (a.startsAt ?? '9').localeCompare(b.startsAt ?? '9') || a.counterpart.companyName.localeCompare(b.counterpart.companyName));
  const closesAt = roundEndsAt(round);
  return {
    roundId: round._id,
    roundName: round.name,
    eventId: round.eventId,
    currency: input.currency,
    closesAt,
    open: input.now.getTime() < Date.parse(closesAt),
    participantId: participant._id,
    items,
  };
}

/** The organizer's poll page: every answer of the round with both companies, and the averages. */
export async function roundPolls(db: Kysely<DB>, round: RoundDto, currency: string): Promise<RoundPollsDto> {
  const [answers, people, accepted] = await Promise.all([pollAnswersOfRound(db, round._id), participantsOfRound(db, round._id), meetingsOfRound(db, round._id, { status: 'accepted' })]);
  const byId = new Map(people.map((p) => [p._id, p]));
  const rows: PollRow[] = answers.map((a) => ({
    ...a,
    companyName: byId.get(a.participantId)?.company.name ?? '',
    sector: byId.get(a.participantId)?.company.sector ?? '',
    counterpartCompanyName: byId.get(a.counterpartId)?.company.name ?? '',
  }));
  const interest: Record<PollInterest, number> = { high: 0, medium: 0, low: 0, none: 0 };
  let satisfaction = 0;
  let amount = 0;
  for (const a of answers) {
    interest[a.interest] += 1;
    satisfaction += a.satisfaction;
    amount += a.expectedAmount;
  }
  return {
    roundId: round._id,
    currency,
    rows,
    summary: {
      answers: answers.length,
      meetings: accepted.length,
      meetingsAnswered: new Set(answers.map((a) => a.meetingId)).size,
      satisfactionAverage: avg(satisfaction, answers.length),
      expectedAmountTotal: amount,
      expectedAmountAverage: avg(amount, answers.length),
      interest,
    },
  };
}

/** Raw material of one round's figures, kept so that several rounds add up exactly (sums, not averages). */
type RoundRaw = {
  round: RoundDto;
  meetings: MeetingDto[];
  held: number;
  noShows: number;
  answers: (PollAnswerDto & { sector: string })[];
  helpCount: number;
  helpWaits: number[];
};

async function roundRaw(db: Kysely<DB>, round: RoundDto): Promise<RoundRaw> {
  const [meetings, outcomes, answers, help, people] = await Promise.all([
    meetingsOfRound(db, round._id),
    outcomesOfRound(db, round._id),
    pollAnswersOfRound(db, round._id),
    helpRequestsOfRound(db, round._id),
    participantsOfRound(db, round._id),
  ]);
  const sectorOf = new Map(people.map((p) => [p._id, p.company.sector.trim()]));
  return {
    round,
    meetings,
    held: outcomes.filter((o) => o.happened === true).length,
    noShows: outcomes.filter((o) => o.offerNoShow || o.demandNoShow).length,
    answers: answers.map((a) => ({ ...a, sector: sectorOf.get(a.participantId) ?? '' })),
    helpCount: help.length,
    helpWaits: help.flatMap((h) => (h.waitSeconds === null ? [] : [h.waitSeconds])),
  };
}

function figures(raws: RoundRaw[]): ReportFigures {
  const count = (s: MeetingDto['status']) => raws.reduce((n, r) => n + r.meetings.filter((m) => m.status === s).length, 0);
  const requests = raws.reduce((n, r) => n + r.meetings.length, 0);
  const accepted = count('accepted');
  const answers = raws.flatMap((r) => r.answers);
  const waits = raws.flatMap((r) => r.helpWaits);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return {
    requests,
    accepted,
    declined: count('declined'),
    expired: count('expired'),
    cancelled: count('cancelled'),
    pending: count('requested'),
    acceptanceRate: requests === 0 ? null : Math.round((accepted / requests) * 10000) / 10000,
    meetingsHeld: raws.reduce((n, r) => n + r.held, 0),
    noShows: raws.reduce((n, r) => n + r.noShows, 0),
    pollAnswers: answers.length,
    satisfactionAverage: avg(sum(answers.map((a) => a.satisfaction)), answers.length),
    expectedByOffer: sum(answers.filter((a) => a.side === 'offer').map((a) => a.expectedAmount)),
    expectedByDemand: sum(answers.filter((a) => a.side === 'demand').map((a) => a.expectedAmount)),
    helpRequests: raws.reduce((n, r) => n + r.helpCount, 0),
    helpAverageWaitSeconds: waits.length === 0 ? null : Math.round(sum(waits) / waits.length),
  };
}

/** The report of an event's rounds (all, or the one `roundId` names). */
export async function conferenceReport(db: Kysely<DB>, input: { eventId: string; currency: string; rounds: RoundDto[]; roundId: string | null }): Promise<ReportDto> {
  const chosen = input.roundId ? input.rounds.filter((r) => r._id === input.roundId) : input.rounds;
  const raws = await Promise.all(chosen.map((r) => roundRaw(db, r)));
  const sectors = new Map<string, { offer: number; demand: number; answers: number; satisfaction: number }>();
  const scores = [1, 2, 3, 4, 5].map((score) => ({ score, count: 0 }));
  for (const a of raws.flatMap((r) => r.answers)) {
    const key = a.sector || '—';
    const s = sectors.get(key) ?? { offer: 0, demand: 0, answers: 0, satisfaction: 0 };
    if (a.side === 'offer') s.offer += a.expectedAmount;
    else s.demand += a.expectedAmount;
    s.answers += 1;
    s.satisfaction += a.satisfaction;
    sectors.set(key, s);
    scores[a.satisfaction - 1]!.count += 1;
  }
  return {
    eventId: input.eventId,
    currency: input.currency,
    roundId: input.roundId,
    rounds: input.rounds.map((r) => ({ _id: r._id, name: r.name, code: r.code })),
    totals: figures(raws),
    byRound: raws.map((r) => ({ roundId: r.round._id, name: r.round.name, ...figures([r]) })),
    bySector: [...sectors.entries()]
      .map(([sector, s]) => ({ sector, expectedByOffer: s.offer, expectedByDemand: s.demand, answers: s.answers, satisfactionAverage: avg(s.satisfaction, s.answers) }))
      .sort((a, b) => b.expectedByOffer + b.expectedByDemand - (a.expectedByOffer + a.expectedByDemand) || a.sector.localeCompare(b.sector)),
    satisfaction: scores,
  };
}
