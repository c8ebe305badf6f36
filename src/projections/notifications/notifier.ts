import { sql } from 'kysely';
import { NOTIFICATION_SOCKET_EVENT, type Notification } from '../../contracts/notifications.js';
import type { MessageSent } from '../../domain/chat/room.js';
import type { EventPublished } from '../../domain/events/event.js';
import { nameId } from '../../domain/chat/ids.js';
import {
  chatMessageNotification,
  collaboratorInvitationNotification,
  eventPublishedNotifications,
  type PlannedNotification,
} from '../../domain/notifications/notification.js';
import type { RecordedEvent } from '../../eventstore/port.js';
import { userRoom } from '../../realtime/realtime.js';
import { defineProjection, type ProjectionContext } from '../projection.js';

/**
 * `notifications.notifier`: the one place where domain events of any module become in-app notifications
 * (a row, then a `notification` push after commit). Add a case here to notify about a new kind of fact.
 *
 * Chat: a message notifies each recipient that has no connected socket (chat_presence) at projection time.
 * While a chat notification of the same room is still unread it is refreshed instead of adding one per
 * message. Rows are keyed by (source event, recipient), so a replay never doubles them.
 *
 * Event published: the owner and the event's team as recorded on `events.EventPublished` (not the publisher).
 */
export const notifierProjection = defineProjection({
  name: 'notifications.notifier',
  eventTypes: ['chat.MessageSent', 'events.CollaboratorInvited', 'events.EventPublished'],
  async handle(events, ctx) {
    // Chat messages come in floods: one presence query per batch, and most recipients are online.
    const chat = events.filter((e) => e.type === 'chat.MessageSent') as RecordedEvent<MessageSent['data']>[];
    const recipients = [...new Set(chat.flatMap((e) => e.data.recipients))];
    // One array parameter, not one per recipient: the statement's text (hence its prepared plan) stays the same
    // whatever the batch's size.
    const online = new Set(
      recipients.length
        ? (
            await sql<{ user_id: string }>`SELECT user_id FROM chat_presence WHERE user_id = ANY(${recipients}::text[]) AND online`.execute(ctx.trx)
          ).rows.map((r) => r.user_id)
        : [],
    );
    for (const e of events) {
      switch (e.type) {
        case 'chat.MessageSent':
          await onChatMessage(ctx, e as RecordedEvent<MessageSent['data']>, online);
          break;
        case 'events.CollaboratorInvited': {
          const d = e.data as { eventId: string; eventName: string; inviteeUserId: string };
          if (d.inviteeUserId) await store(ctx, e, collaboratorInvitationNotification(d));
          break;
        }
        case 'events.EventPublished': {
          // The team comes from the event itself (recorded when it was published), never from event_members:
          // a rebuild then notifies the same people, not whoever is on the team today.
          const d = e.data as EventPublished['data'];
          for (const planned of eventPublishedNotifications(d, e.metadata.userId)) await store(ctx, e, planned);
          break;
        }
      }
    }
  },
  async reset(trx) {
    await trx.deleteFrom('notifications').execute();
  },
});

async function onChatMessage(ctx: ProjectionContext, e: RecordedEvent<MessageSent['data']>, online: Set<string>) {
  const d = e.data;
  const offline = d.recipients.filter((r) => !online.has(r));
  if (offline.length === 0) return;
  const [room, sender] = await Promise.all([
    ctx.trx.selectFrom('chat_rooms').select(['type', 'name']).where('id', '=', d.roomId).executeTakeFirst(),
    sql<{ display_name: string }>`SELECT display_name FROM users WHERE id = ${d.senderId}`.execute(ctx.trx),
  ]);
  const senderName = sender.rows[0]?.display_name ?? '';
  for (const receiverId of offline) {
    const planned = chatMessageNotification({
      receiverId,
      senderName,
      roomId: d.roomId,
      roomType: room?.type ?? (d.receiverId ? 'individual' : 'group'),
      roomName: room?.name ?? '',
    });
    const refreshed = await ctx.trx
      .updateTable('notifications')
      .set({ save_date: d.sentAt, message: planned.message })
      .where('user_id', '=', receiverId)
      .where('type', '=', 'chatMessage')
      .where('model_id', '=', d.roomId)
      .where('unread', '=', true)
      .returningAll()
      .executeTakeFirst();
    if (refreshed) {
      const n = toNotification(refreshed);
      ctx.afterCommit(({ realtime }) => realtime.emit(userRoom(receiverId), NOTIFICATION_SOCKET_EVENT, n));
      continue;
    }
    await store(ctx, e, planned, d.sentAt);
  }
}

async function store(ctx: ProjectionContext, e: RecordedEvent, p: PlannedNotification, at?: string) {
  const row = await ctx.trx
    .insertInto('notifications')
    .values({
      id: nameId('notification', e.eventId, p.userId),
      user_id: p.userId,
      type: p.type,
      model: p.model,
      model_id: p.modelId,
      message: p.message,
      url: p.url,
      unread: true,
      save_date: at ?? e.metadata.occurredAt ?? new Date(e.createdAt).toISOString(),
      source_event_id: e.eventId,
    })
    .onConflict((oc) => oc.columns(['source_event_id', 'user_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) return;
  const n = toNotification(row);
  ctx.afterCommit(({ realtime }) => realtime.emit(userRoom(p.userId), NOTIFICATION_SOCKET_EVENT, n));
}

export function toNotification(r: {
  id: string;
  message: string;
  save_date: Date | string;
  unread: boolean;
  url: string;
  model: string;
  type: string;
}): Notification {
  return {
    _id: r.id,
    detail: { message: r.message },
    saveDate: new Date(r.save_date).toISOString(),
    unread: r.unread,
    url: r.url,
    model: r.model,
    typeNotification: r.type as Notification['typeNotification'],
  };
}
