import { randomUUID } from 'node:crypto';
import { recordNotification } from '../../commands/notifications/inbox.js';
import { nameId } from '../../domain/chat/ids.js';
import type { ParticipantApproved, ParticipantRejected } from '../../domain/businessConference/participant.js';
import type { PlannedNotification } from '../../domain/notifications/notification.js';
import type { ParticipantType } from '../../contracts/businessConference-participants.js';
import { messages } from '../../messages/es.js';
import { findEvent } from '../events/queries.js';
import { defineProjection } from '../projection.js';
import { findRound } from './rounds-queries.js';

const m = messages.businessConference.participants;

/** The first page of a participant's menu (the access matrix's), where an approval sends them. */
export const FIRST_PAGE: Record<ParticipantType, string> = {
  offer: '/offer/productCatalog',
  demand: '/demand/productCatalog',
  offer_demand: '/offer/company',
};

/**
 * `businessConference.participants-notifier`: tells a participant the organizer's decision, as an in-app
 * notification on their inbox stream (like notifications.notifier). An approval links to their first page of
 * the round. The notification type is the one for a granted role (collaboratorInvitation): the web reloads what
 * a new role brings. Nothing while replaying.
 */
export const participantsNotifierProjection = defineProjection<ParticipantApproved | ParticipantRejected>({
  name: 'businessConference.participants-notifier',
  eventTypes: ['businessConference.ParticipantApproved', 'businessConference.ParticipantRejected'],
  async handle(events, ctx) {
    if (ctx.replaying) return;
    const deps = { store: ctx.store, clock: () => new Date(), newId: randomUUID };
    for (const e of events) {
      const d = e.data;
      const [round, event] = await Promise.all([findRound(ctx.trx, d.roundId), findEvent(ctx.trx, d.eventId)]);
      const name = round?.name ?? '';
      const approved = e.type === 'businessConference.ParticipantApproved';
      const planned: PlannedNotification = {
        userId: d.userId,
        type: 'collaboratorInvitation',
        model: 'businessConferenceParticipant',
        modelId: d.participantId,
        message: `${approved ? m.approvedTitle : m.rejectedTitle}. ${(approved ? m.approvedBody : m.rejectedBody).replace('{round}', name)}`,
        url: approved && event ? `/module/${event.owner_id}/${event.event_code}/businessConference${FIRST_PAGE[d.participantType]}` : event ? `/e/${event.event_code}` : '/myevent',
      };
      await recordNotification(deps, {
        notificationId: nameId('notification', e.eventId, d.userId),
        planned,
        saveDate: d.at,
        source: { eventId: e.eventId, correlationId: e.metadata.correlationId },
      });
    }
  },
  async reset() {
    // Owns no rows: its decisions are inbox events.
  },
});
