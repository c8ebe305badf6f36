import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { inboxDecider, inboxStream, type InboxCommand, type InboxEvent, type InboxState } from '../../domain/notifications/inbox.js';
import type { PlannedNotification } from '../../domain/notifications/notification.js';
import type { AppendResult, EventStore } from '../../eventstore/port.js';
import { toNewEvents, type EventMeta } from '../new-events.js';

type Deps = { store: EventStore; clock: () => Date; newId: () => string };

/**
 * Appends to a user's inbox. Expected version 'any', like the chat's sends and receipts: the inbox has no
 * invariant between its events (the state a command needs comes from the read model, see the decider), the
 * store's per-stream lock orders them, and a command id keeps a retried reaction from recording twice.
 */
async function appendInbox(deps: Deps, userId: string, events: InboxEvent[], meta: EventMeta) {
  return deps.store.appendToStream(inboxStream(userId), toNewEvents(deps, events, meta), {
    expectedVersion: 'any',
    commandId: meta.commandId,
  });
}

function decide(deps: Deps, command: InboxCommand, state: InboxState, userId?: string) {
  return inboxDecider.decide(command, state, { now: deps.clock(), userId, newId: deps.newId });
}

/**
 * Records one notification the notifier decided on. Its id is derived from (source event, recipient) and the
 * command id from the source event, so reacting to the same fact again (a retried batch) records nothing new.
 */
export async function recordNotification(
  deps: Deps,
  args: { notificationId: string; planned: PlannedNotification; saveDate: string; source: { eventId: string; correlationId?: string } },
): Promise<AppendResult | null> {
  const { notificationId, planned, saveDate, source } = args;
  const events = decide(deps, { type: 'notifications.Notify', data: { notificationId, planned, saveDate, sourceEventId: source.eventId } }, inboxDecider.initialState());
  if (events.length === 0) return null;
  return appendInbox(deps, planned.userId, events, { commandId: `notify:${source.eventId}`, causationId: source.eventId, correlationId: source.correlationId });
}

/**
 * Marks the given notifications of `userId` read. The state is the caller's own unread rows among those ids,
 * read from the read model: ids of another user's inbox, or already read, record nothing.
 */
export async function markNotificationsRead(
  deps: Deps & { db: Kysely<DB> },
  userId: string,
  notificationIds: string[],
): Promise<{ marked: string[]; position: string | null }> {
  if (notificationIds.length === 0) return { marked: [], position: null };
  const rows = await deps.db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', userId)
    .where('unread', '=', true)
    .where('id', 'in', notificationIds)
    .execute();
  const state: InboxState = { notifications: Object.fromEntries(rows.map((r) => [r.id, { unread: true }])) };
  const events = decide(deps, { type: 'notifications.MarkRead', data: { userId, notificationIds } }, state, userId);
  if (events.length === 0) return { marked: [], position: null };
  const result = await appendInbox(deps, userId, events, { userId });
  return { marked: (events[0].data as { notificationIds: string[] }).notificationIds, position: result.position };
}
