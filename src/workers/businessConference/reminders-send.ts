import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { PlacementDto } from '../../contracts/businessConference-agenda.js';
import type { RoundDto } from '../../contracts/businessConference-rounds.js';
import type { DB } from '../../db/schema.js';
import { dueReminder, reminderDueAt } from '../../domain/businessConference/reminder-settings.js';
import { messages } from '../../messages/es.js';
import { placementOf } from '../../projections/businessConference/agenda-queries.js';
import { homeSettingsOf } from '../../projections/businessConference/home-queries.js';
import { findMeeting } from '../../projections/businessConference/meetings-queries.js';
import { findParticipant } from '../../projections/businessConference/participants-queries.js';
import { findRound } from '../../projections/businessConference/rounds-queries.js';
import { findEvent } from '../../projections/events/queries.js';
import { waitForPosition } from '../../projections/wait.js';
import type { Jobs } from '../jobs.js';
import { defineJob } from '../jobs.js';
import { mailTransport } from '../mail/transport.js';

const m = messages.businessConference.home;

/** The read models a reminder is checked against: each must have passed the event that planned it. */
export const REMINDER_READ_MODELS = ['businessConference.agenda', 'businessConference.homeSettings'];

/**
 * Sends the reminder `offset` minutes before a meeting to both sides (BullMQ delay until it falls due; job id
 * `<meeting>:<offset>:<slot start>`). At run time the meeting must still be accepted and placed at that start,
 * the event's settings must still have that reminder (e-mail on), and no nearer reminder may be due already;
 * otherwise the job sends nothing: a moved meeting got new jobs for its new start. Each side gets the mail once
 * whatever the retries or replays (job_sent_log keyed by meeting, reminder, start and participant).
 */
export const sendMeetingReminderJob = defineJob({
  name: 'businessConference.sendMeetingReminder',
  version: 1,
  queue: 'reminders',
  schema: z.object({
    meetingId: z.string(),
    roundId: z.string(),
    offset: z.number().int(),
    /** The slot's start the job was planned for (ISO instant). */
    start: z.string(),
    /** Position of the event that planned it: the read models are read once past it. */
    position: z.string(),
  }),
  async handler(payload, { db, config, logger, once, commands }) {
    const { meetingId, roundId, offset, start, position } = payload;
    if (!(await waitForPosition(db, commands.store, position, { projections: REMINDER_READ_MODELS, timeoutMs: 5000 }))) {
      throw new Error('business conference read models are behind the reminder');
    }
    const round = await findRound(db, roundId);
    if (!round) return;
    const settings = await homeSettingsOf(db, round.eventId);
    if (!settings.email || !settings.offsets.includes(offset)) return;
    const placement = await placementOf(db, meetingId);
    const slot = placement ? round.slots.find((s) => s.slotId === placement.slotId) : undefined;
    if (!placement || !slot || slot.start !== start) return;
    const meeting = await findMeeting(db, meetingId);
    if (!meeting || meeting.status !== 'accepted') return;
    const now = commands.clock();
    // BullMQ may run a delayed job a little early: the slot's time is the rule.
    if (Date.parse(reminderDueAt(start, offset)) > now.getTime() + 1000) throw new Error('meeting reminder not due yet');
    if (dueReminder(start, settings.offsets, now) !== offset) return;

    const [offer, demand, event] = await Promise.all([
      findParticipant(db, meeting.offerParticipantId),
      findParticipant(db, meeting.demandParticipantId),
      findEvent(db, round.eventId),
    ]);
    if (!offer || !demand) return;
    const transport = mailTransport(config, logger);
    const when = new Date(start).toLocaleString('es-PE', { timeZone: round.timeZone, dateStyle: 'full', timeStyle: 'short' });
    // A virtual room is a page of the app (/mymeetings/room/{meeting}) or an external link: the mail needs it whole.
    const room = placement.room?.startsWith('/') ? `${config.appUrl}${placement.room}` : placement.room;
    const place = placement.table !== null ? m.reminderTable(placement.table) : room ? m.reminderVirtual(room) : m.reminderVirtualPending;
    for (const [me, other] of [
      [offer, demand],
      [demand, offer],
    ] as const) {
      const key = `businessConference.reminder:${meetingId}:${offset}:${start}:${me._id}`;
      await once(key, () =>
        transport.send(
          {
            to: me.email,
            subject: m.reminderSubject(m.minutes(offset), other.company.name),
            text: m.reminderBody({
              name: me.contactName,
              company: other.company.name,
              round: round.name,
              event: event?.event_name ?? '',
              when,
              place,
              link: `${config.appUrl}/mymeetings`,
            }),
          },
          { key },
        ),
      );
    }
    logger.debug({ meetingId, offset }, 'businessConference: meeting reminder sent');
  },
});

/** A reminder job to enqueue: payload, BullMQ key and delay. */
export interface PlannedReminder {
  payload: z.infer<typeof sendMeetingReminderJob.schema>;
  key: string;
  delay: number;
}

/**
 * The reminder jobs of meetings placed in `round` (one per configured offset whose meeting has not started),
 * each delayed until it falls due. Pure but for `now`.
 */
export function planReminders(
  round: Pick<RoundDto, '_id' | 'slots'>,
  placements: Pick<PlacementDto, 'meetingId' | 'slotId'>[],
  offsets: number[],
  position: string,
  now: Date,
): PlannedReminder[] {
  const starts = new Map(round.slots.map((s) => [s.slotId, s.start]));
  const out: PlannedReminder[] = [];
  for (const p of placements) {
    const start = p.slotId ? starts.get(p.slotId) : undefined;
    if (!start || Date.parse(start) <= now.getTime()) continue;
    for (const offset of offsets) {
      out.push({
        payload: { meetingId: p.meetingId, roundId: round._id, offset, start, position },
        key: `${p.meetingId}:${offset}:${start}`,
        delay: Math.max(0, Date.parse(reminderDueAt(start, offset)) - now.getTime()),
      });
    }
  }
  return out;
}

/** Reads what planReminders needs inside a projection's transaction (the round and the event's settings). */
export async function remindersFor(
  db: Kysely<DB>,
  roundId: string,
  placements: Pick<PlacementDto, 'meetingId' | 'slotId'>[],
  position: string,
  now: Date,
): Promise<PlannedReminder[]> {
  if (!placements.length) return [];
  const round = await findRound(db, roundId);
  if (!round) return [];
  const settings = await homeSettingsOf(db, round.eventId);
  if (!settings.email) return [];
  return planReminders(round, placements, settings.offsets, position, now);
}

export async function enqueueReminders(jobs: Jobs, planned: PlannedReminder[]): Promise<void> {
  for (const r of planned) await jobs.enqueue(sendMeetingReminderJob, r.payload, r.key, { delay: r.delay });
}
