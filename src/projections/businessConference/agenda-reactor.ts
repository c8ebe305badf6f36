import { randomUUID } from 'node:crypto';
import { freeCancelledMeeting } from '../../commands/businessConference/agenda-move.js';
import { recordNotification } from '../../commands/notifications/inbox.js';
import { nameId } from '../../domain/chat/ids.js';
import { agendaDecider, agendaStreamId, type AgendaEvent, type AgendaPublished } from '../../domain/businessConference/agenda.js';
import type { EventStore, Recorded } from '../../eventstore/port.js';
import type { MeetingCancelled } from '../../domain/businessConference/meeting.js';
import type { PlannedNotification } from '../../domain/notifications/notification.js';
import { messages } from '../../messages/es.js';
import { defineProjection } from '../projection.js';
import { participantsOfRound } from './participants-queries.js';
import { findRound } from './rounds-queries.js';

const m = messages.businessConference.agenda;

/**
 * `businessConference.agenda-reactor`: a cancelled (accepted) meeting frees its place on the round's agenda
 * (an UnscheduleMeeting whose command id is the meeting's, so a retried batch appends nothing twice); a
 * published final agenda notifies each participant who has meetings in it (one in-app notification each,
 * recorded on their inbox like the notifier does). Nothing while replaying.
 */
export const agendaReactorProjection = defineProjection<MeetingCancelled | AgendaPublished>({
  name: 'businessConference.agenda-reactor',
  eventTypes: ['businessConference.MeetingCancelled', 'businessConference.AgendaPublished'],
  async handle(events, ctx) {
    if (ctx.replaying) return;
    const deps = { store: ctx.store, clock: () => new Date(), newId: randomUUID };
    for (const e of events) {
      if (e.type === 'businessConference.MeetingCancelled') {
        if (e.data.wasAccepted) await freeCancelledMeeting(deps, { roundId: e.data.roundId, meetingId: e.data.meetingId });
        continue;
      }
      const { roundId } = e.data;
      const [round, placements, participants] = await Promise.all([
        findRound(ctx.trx, roundId),
        publishedPairs(ctx.store, roundId, e.streamVersion),
        participantsOfRound(ctx.trx, roundId),
      ]);
      const userOf = new Map(participants.map((p) => [p._id, p.userId]));
      const count = new Map<string, number>();
      for (const p of placements) for (const id of p) count.set(id, (count.get(id) ?? 0) + 1);
      for (const [participantId, n] of count) {
        const userId = userOf.get(participantId);
        if (!userId) continue;
        const planned: PlannedNotification = {
          userId,
          type: 'businessConferenceMeeting',
          model: 'businessConferenceAgenda',
          modelId: roundId,
          message: m.notificationBody(round?.name ?? '', n),
          url: '/mymeetings',
        };
        await recordNotification(deps, {
          notificationId: nameId('notification', e.eventId, userId),
          planned,
          saveDate: e.data.at,
          source: { eventId: e.eventId, correlationId: e.metadata.correlationId },
        });
      }
    }
  },
  async reset() {
    // Owns no rows: its decisions are agenda and inbox events.
  },
});

/**
 * The pairs of the meetings the publication made final: the agenda stream folded up to the publication (the
 * agenda's read model runs apart from this reactor and may not have caught up yet).
 */
async function publishedPairs(store: EventStore, roundId: string, upTo: number): Promise<[string, string][]> {
  const recorded = (await store.readStream(agendaStreamId(roundId), { fromVersion: 0, maxCount: upTo + 1 })) as Recorded<AgendaEvent>[];
  const state = recorded.reduce(agendaDecider.evolve, agendaDecider.initialState());
  return [...state.placements.values()].map((p) => [p.a, p.b]);
}
