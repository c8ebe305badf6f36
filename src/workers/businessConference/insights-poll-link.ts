import { z } from 'zod';
import type { Kysely } from 'kysely';
import { pollToken } from '../../commands/businessConference/poll-link.js';
import type { PlacementDto } from '../../contracts/businessConference-agenda.js';
import type { RoundDto } from '../../contracts/businessConference-rounds.js';
import type { DB } from '../../db/schema.js';
import { sideOf } from '../../domain/businessConference/poll.js';
import { messages } from '../../messages/es.js';
import { placementOf } from '../../projections/businessConference/agenda-queries.js';
import { findMeeting } from '../../projections/businessConference/meetings-queries.js';
import { findParticipant } from '../../projections/businessConference/participants-queries.js';
import { findRound } from '../../projections/businessConference/rounds-queries.js';
import { findEvent } from '../../projections/events/queries.js';
import { waitForPosition } from '../../projections/wait.js';
import type { Jobs } from '../jobs.js';
import { defineJob } from '../jobs.js';
import { mailTransport } from '../mail/transport.js';

const m = messages.businessConference.insights;

/** The read models the job is checked against: each must have passed the event that planned it. */
const READ_MODELS = ['businessConference.agenda'];

/** The link of a side's poll: `/{eventCode}/businessConference/{BCCode}/{type}/poll/{signed token}`. */
export function pollLink(appUrl: string, secret: string, v: { eventCode: string; roundCode: string; side: 'offer' | 'demand'; meetingId: string; participantId: string }): string {
  const token = pollToken(secret, v.meetingId, v.participantId);
  return `${appUrl}/${encodeURIComponent(v.eventCode)}/businessConference/${encodeURIComponent(v.roundCode)}/${v.side}/poll/${encodeURIComponent(token)}`;
}

/**
 * Mails each side of a meeting its poll link when the meeting's slot ends (BullMQ delay; job id
 * `<meeting>:<slot end>`). At run time the meeting must still be accepted and placed in a slot ending then; a moved
 * meeting got a job for its new end. Each side gets the mail once whatever the retries (sent log keyed by meeting
 * and participant: a meeting moved after its mail does not send it again).
 */
export const sendPollLinkJob = defineJob({
  name: 'businessConference.sendPollLink',
  version: 1,
  queue: 'mail',
  schema: z.object({ meetingId: z.string(), roundId: z.string(), end: z.string(), position: z.string() }),
  async handler(payload, { db, config, logger, once, commands }) {
    const { meetingId, roundId, end, position } = payload;
    if (!(await waitForPosition(db, commands.store, position, { projections: READ_MODELS, timeoutMs: 5000 }))) {
      throw new Error('business conference read models are behind the poll link');
    }
    const round = await findRound(db, roundId);
    if (!round) return;
    const placement = await placementOf(db, meetingId);
    const slot = placement ? round.slots.find((s) => s.slotId === placement.slotId) : undefined;
    if (!placement || !slot || slot.end !== end) return;
    if (Date.parse(end) > commands.clock().getTime() + 1000) throw new Error('poll link not due yet');
    const meeting = await findMeeting(db, meetingId);
    if (!meeting || meeting.status !== 'accepted') return;
    const [offer, demand, event] = await Promise.all([findParticipant(db, meeting.offerParticipantId), findParticipant(db, meeting.demandParticipantId), findEvent(db, round.eventId)]);
    if (!offer || !demand || !event) return;
    if (!config.jwtSecret) throw new Error('no signing secret for poll links');
    const transport = mailTransport(config, logger);
    for (const [me, other] of [
      [offer, demand],
      [demand, offer],
    ] as const) {
      const side = sideOf(meeting, me._id);
      if (!side) continue;
      const link = pollLink(config.appUrl, config.jwtSecret, { eventCode: event.event_code, roundCode: round.code, side, meetingId, participantId: me._id });
      const key = `businessConference.pollLink:${meetingId}:${me._id}`;
      await once(key, () =>
        transport.send(
          {
            to: me.email,
            subject: m.linkSubject(other.company.name),
            text: m.linkBody({ name: me.contactName, company: other.company.name, round: round.name, event: event.event_name, link }),
          },
          { key },
        ),
      );
    }
    logger.debug({ meetingId }, 'businessConference: poll links sent');
  },
});

export interface PlannedPollLink {
  payload: z.infer<typeof sendPollLinkJob.schema>;
  key: string;
  delay: number;
}

/** The poll-link jobs of placed meetings: one per meeting, due at its slot's end. Pure but for `now`. */
export function planPollLinks(round: Pick<RoundDto, '_id' | 'slots'>, placements: Pick<PlacementDto, 'meetingId' | 'slotId'>[], position: string, now: Date): PlannedPollLink[] {
  const ends = new Map(round.slots.map((s) => [s.slotId, s.end]));
  return placements.flatMap((p) => {
    const end = ends.get(p.slotId);
    if (!end) return [];
    return [{ payload: { meetingId: p.meetingId, roundId: round._id, end, position }, key: `${p.meetingId}:${end}`, delay: Math.max(0, Date.parse(end) - now.getTime()) }];
  });
}

export async function pollLinksFor(db: Kysely<DB>, roundId: string, placements: Pick<PlacementDto, 'meetingId' | 'slotId'>[], position: string, now: Date): Promise<PlannedPollLink[]> {
  if (!placements.length) return [];
  const round = await findRound(db, roundId);
  return round ? planPollLinks(round, placements, position, now) : [];
}

export async function enqueuePollLinks(jobs: Jobs, planned: PlannedPollLink[]): Promise<void> {
  for (const p of planned) await jobs.enqueue(sendPollLinkJob, p.payload, p.key, { delay: p.delay });
}
