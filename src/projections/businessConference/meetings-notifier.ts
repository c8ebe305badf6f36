import { randomUUID } from 'node:crypto';
import { recordNotification } from '../../commands/notifications/inbox.js';
import { nameId } from '../../domain/chat/ids.js';
import type { MeetingEvent } from '../../domain/businessConference/meeting.js';
import type { PlannedNotification } from '../../domain/notifications/notification.js';
import { messages } from '../../messages/es.js';
import { findParticipant } from './participants-queries.js';
import { defineProjection } from '../projection.js';

const m = messages.businessConference.meetings;

/**
 * `businessConference.meetings-notifier`: a reactor that tells the other side of a meeting what happened, as an
 * in-app notification (recorded on the receiver's inbox stream, like notifications.notifier does; the inbox
 * projection pushes it). A request notifies the counterpart; an answer or an expiry the requester; a cancellation
 * the other side (both when the team cancels). An auto-accepted request notifies once, as a request. Nothing while
 * replaying.
 */
export const meetingsNotifierProjection = defineProjection<MeetingEvent>({
  name: 'businessConference.meetings-notifier',
  eventTypes: [
    'businessConference.MeetingRequested',
    'businessConference.MeetingAccepted',
    'businessConference.MeetingDeclined',
    'businessConference.MeetingCancelled',
    'businessConference.MeetingExpired',
  ],
  async handle(events, ctx) {
    if (ctx.replaying) return;
    const deps = { store: ctx.store, clock: () => new Date(), newId: randomUUID };
    const company = async (participantId: string) => (await findParticipant(ctx.trx, participantId))?.company.name ?? '';
    const userOf = async (participantId: string) => (await findParticipant(ctx.trx, participantId))?.userId ?? null;
    for (const e of events) {
      const d = e.data;
      const plans: { to: string; message: string }[] = [];
      switch (e.type) {
        case 'businessConference.MeetingRequested':
          plans.push({ to: d.counterpartId, message: m.notifyRequested(await company(d.requesterId)) });
          break;
        case 'businessConference.MeetingAccepted':
          if (e.data.by === 'counterpart') plans.push({ to: d.requesterId, message: m.notifyAccepted(await company(d.counterpartId)) });
          break;
        case 'businessConference.MeetingDeclined':
          plans.push({ to: d.requesterId, message: m.notifyDeclined(await company(d.counterpartId)) });
          break;
        case 'businessConference.MeetingExpired':
          plans.push({ to: d.requesterId, message: m.notifyExpired(await company(d.counterpartId)) });
          break;
        case 'businessConference.MeetingCancelled': {
          const by = e.data.by;
          if (by !== 'requester') plans.push({ to: d.requesterId, message: m.notifyCancelled(await company(d.counterpartId)) });
          if (by !== 'counterpart') plans.push({ to: d.counterpartId, message: m.notifyCancelled(await company(d.requesterId)) });
          break;
        }
      }
      for (const p of plans) {
        const userId = await userOf(p.to);
        if (!userId) continue;
        const planned: PlannedNotification = { userId, type: 'businessConferenceMeeting', model: 'businessConferenceMeeting', modelId: d.meetingId, message: p.message, url: '/mymeetings' };
        await recordNotification(deps, {
          notificationId: nameId('notification', e.eventId, userId),
          planned,
          saveDate: d.at,
          source: { eventId: e.eventId, correlationId: e.metadata.correlationId },
        });
      }
    }
  },
  async reset() {
    // Owns no rows: its decisions are inbox events.
  },
});
