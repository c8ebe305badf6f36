import { randomUUID } from 'node:crypto';
import { recordNotification } from '../../commands/notifications/inbox.js';
import type { MessageSent } from '../../domain/chat/room.js';
import type { CollaboratorInvited, EventCancelled, EventPublished } from '../../domain/events/event.js';
import { nameId } from '../../domain/chat/ids.js';
import {
  chatMessageNotification,
  collaboratorInvitationNotification,
  eventCancelledNotifications,
  eventPublishedNotifications,
  type PlannedNotification,
} from '../../domain/notifications/notification.js';
import type { Recorded } from '../../eventstore/port.js';
import { userProfiles } from '../accounts/queries.js';
import { onlineUserIds, roomHeader } from '../chat/queries.js';
import { defineProjection, type ProjectionContext } from '../projection.js';

/**
 * `notifications.notifier`: the one place where domain events of any module become in-app notifications. Add a
 * case here to notify about a new kind of fact.
 *
 * It is a reactor, not a read model: what it decides is recorded as `notifications.NotificationCreated` on the
 * receiver's inbox stream, and the `notifications.inbox` projection (./inbox.ts) builds the rows and pushes them.
 * Its chat decision depends on something the log does not hold (whether the receiver had a connected socket,
 * chat_presence, at that moment), so replaying the log could not decide the same again; replaying the recorded
 * decisions does. While replaying it records nothing, and it owns no rows to reset.
 *
 * Chat: a message notifies each recipient that has no connected socket at reaction time.
 * Event published: the owner and the event's team as recorded on `events.EventPublished` (not the publisher).
 * Collaborator invited: the invitee, when they have an account.
 * Event cancelled: the owner and the team recorded on `events.EventCancelled`, not whoever cancelled it.
 */
/** The facts of other modules the notifier reacts to. */
type NotifierEvent = MessageSent | CollaboratorInvited | EventPublished | EventCancelled;

export const notifierProjection = defineProjection<NotifierEvent>({
  name: 'notifications.notifier',
  eventTypes: ['chat.MessageSent', 'events.CollaboratorInvited', 'events.EventPublished', 'events.EventCancelled'],
  async handle(events, ctx) {
    if (ctx.replaying) return;
    // Chat messages come in floods: one presence query per batch, and most recipients are online.
    const chat = events.filter((e): e is Recorded<MessageSent> => e.type === 'chat.MessageSent');
    const recipients = [...new Set(chat.flatMap((e) => e.data.recipients))];
    // The chat module's query: one array parameter, so the statement's text (hence its plan) stays the same.
    const online = await onlineUserIds(ctx.trx, recipients);
    const decided: Array<{ source: Recorded<NotifierEvent>; planned: PlannedNotification; saveDate: string }> = [];
    for (const e of events) {
      const at = e.metadata.occurredAt ?? new Date(e.createdAt).toISOString();
      switch (e.type) {
        case 'chat.MessageSent': {
          const d = e.data;
          for (const planned of await chatNotifications(ctx, d, online)) decided.push({ source: e, planned, saveDate: d.sentAt });
          break;
        }
        case 'events.CollaboratorInvited': {
          const d = e.data;
          if (d.inviteeUserId) decided.push({ source: e, planned: collaboratorInvitationNotification(d), saveDate: at });
          break;
        }
        case 'events.EventPublished': {
          // The team comes from the event itself (recorded when it was published), never from event_members.
          const d = e.data;
          for (const planned of eventPublishedNotifications(d, e.metadata.userId)) decided.push({ source: e, planned, saveDate: at });
          break;
        }
        case 'events.EventCancelled': {
          const d = e.data;
          for (const planned of eventCancelledNotifications(d, d.cancelledBy)) decided.push({ source: e, planned, saveDate: at });
          break;
        }
      }
    }
    // Recorded before the batch's checkpoint commits: a failed batch is retried and its command ids make the
    // appends already done answer as duplicates. One user's in source order (the inbox projection refreshes a
    // room's unread chat notification with the later message), different users' in parallel.
    const deps = { store: ctx.store, clock: () => new Date(), newId: randomUUID };
    const byUser = new Map<string, typeof decided>();
    for (const d of decided) byUser.set(d.planned.userId, [...(byUser.get(d.planned.userId) ?? []), d]);
    await Promise.all(
      [...byUser.values()].map(async (list) => {
        for (const { source, planned, saveDate } of list) {
          await recordNotification(deps, {
            notificationId: nameId('notification', source.eventId, planned.userId),
            planned,
            saveDate,
            source: { eventId: source.eventId, correlationId: source.metadata.correlationId },
          });
        }
      }),
    );
  },
  async reset() {
    // Owns no rows: its decisions are events, the rows belong to `notifications.inbox`.
  },
});

async function chatNotifications(ctx: ProjectionContext, d: MessageSent['data'], online: Set<string>): Promise<PlannedNotification[]> {
  const offline = d.recipients.filter((r) => !online.has(r));
  if (offline.length === 0) return [];
  // Other modules' rows through their query functions (chat's room, accounts' user).
  const [room, sender] = await Promise.all([roomHeader(ctx.trx, d.roomId), userProfiles(ctx.trx, [d.senderId])]);
  const senderName = sender.get(d.senderId)?.name ?? '';
  return offline.map((receiverId) =>
    chatMessageNotification({
      receiverId,
      senderName,
      roomId: d.roomId,
      roomType: room?.type ?? (d.receiverId ? 'individual' : 'group'),
      roomName: room?.name ?? '',
    }),
  );
}
