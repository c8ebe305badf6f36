import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { inboxDecider, inboxStream, type InboxCommand, type InboxEvent, type InboxState } from '../../domain/notifications/inbox.js';
import type { PlannedNotification } from '../../domain/notifications/notification.js';
import type { EventStore } from '../../eventstore/port.js';
import { handleCommand, type CommandMeta, type CommandResult } from '../handle.js';

type Deps = { store: EventStore; clock: () => Date; newId: () => string };

/**
 * Runs an inbox command. Expected version 'any', like the chat's sends and receipts: the inbox has no
 * invariant between its events (the state a command needs comes from the read model, see the decider), the
 * store's per-stream lock orders them, and a command id keeps a retried reaction from recording twice.
 */
function runInbox(
  deps: Deps,
  userId: string,
  command: InboxCommand,
  load: () => Promise<InboxState>,
  meta: CommandMeta,
): Promise<CommandResult<InboxState, InboxEvent>> {
  return handleCommand(deps, {
    streamId: inboxStream(userId),
    decider: inboxDecider,
    command,
    meta,
    load: async () => ({ state: await load(), version: 'any' }),
  });
}

/**
 * Records one notification the notifier decided on. Its id is derived from (source event, recipient) and the
 * command id from the source event, so reacting to the same fact again (a retried batch) records nothing new.
 */
export async function recordNotification(
  deps: Deps,
  args: { notificationId: string; planned: PlannedNotification; saveDate: string; source: { eventId: string; correlationId?: string } },
): Promise<{ position: string | null; duplicate: boolean }> {
  const { notificationId, planned, saveDate, source } = args;
  const r = await runInbox(
    deps,
    planned.userId,
    { type: 'notifications.Notify', data: { notificationId, planned, saveDate, sourceEventId: source.eventId } },
    async () => inboxDecider.initialState(),
    { commandId: `notify:${source.eventId}`, causationId: source.eventId, correlationId: source.correlationId },
  );
  return { position: r.position, duplicate: r.duplicate };
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
  const r = await runInbox(
    deps,
    userId,
    { type: 'notifications.MarkRead', data: { userId, notificationIds } },
    async () => {
      const rows = await deps.db
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', userId)
        .where('unread', '=', true)
        .where('id', 'in', notificationIds)
        .execute();
      return { notifications: Object.fromEntries(rows.map((row) => [row.id, { unread: true }])) };
    },
    { userId },
  );
  const read = r.events.find((e) => e.type === 'notifications.NotificationsRead');
  return { marked: read ? read.data.notificationIds : [], position: r.position };
}

/**
 * Marks every unread notification of `userId` read ("Marcar todas como leídas"): the same recorded fact as
 * marking a page, over the ids unread at this moment (a notification arriving meanwhile stays unread, as it
 * was never shown). Repeating it records nothing.
 */
export async function markAllNotificationsRead(
  deps: Deps & { db: Kysely<DB> },
  userId: string,
): Promise<{ marked: string[]; position: string | null }> {
  const rows = await deps.db.selectFrom('notifications').select('id').where('user_id', '=', userId).where('unread', '=', true).execute();
  // Chunks keep each event (and its `IN` list) bounded for an inbox left unread for years.
  const marked: string[] = [];
  let position: string | null = null;
  for (let i = 0; i < rows.length; i += MARK_ALL_CHUNK) {
    const r = await markNotificationsRead(deps, userId, rows.slice(i, i + MARK_ALL_CHUNK).map((row) => row.id));
    marked.push(...r.marked);
    position = r.position ?? position;
  }
  return { marked, position };
}

const MARK_ALL_CHUNK = 500;
