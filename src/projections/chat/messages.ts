import { sql } from 'kysely';
import {
  CHAT_SOCKET_EVENTS,
  chatRoomChannel,
  type MembersChangedEvent,
  type MessagesUpdateEvent,
  type MessageUpdateEvent,
  type RoomCreatedEvent,
} from '../../contracts/chat.js';
import type { ChatRoomEvent, MemberLeft, MembersAdded, MessageSent, MessagesMarked, RoomOpened } from '../../domain/chat/room.js';
import type { Recorded } from '../../eventstore/port.js';
import { userRoom } from '../../realtime/realtime.js';
import { defineProjection, type ProjectionContext } from '../projection.js';
import { groupRooms, toChatMessage, userSummaries } from './queries.js';

const RANK_SQL = sql`CASE state WHEN 'sent' THEN 1 WHEN 'delivered' THEN 2 WHEN 'viewed' THEN 3 END`;

/**
 * `chat.messages`: rooms, members, messages and receipts; pushes `chat-room:message` and the state updates
 * to the room channel and to every member's user room after commit (one emit with several rooms reaches each
 * socket once). Messages of a batch are inserted together: this projection sits on the send hot path.
 * Membership changes (the `chat-room-members-<id>` streams) add or remove member rows and tell the people
 * concerned: `chat-room:created` to new members, `chat-room:members` to the others and to whoever left.
 */
export const chatMessagesProjection = defineProjection<ChatRoomEvent>({
  name: 'chat.messages',
  eventTypes: ['chat.RoomOpened', 'chat.MessageSent', 'chat.MessagesMarked', 'chat.MembersAdded', 'chat.MemberLeft'],
  async handle(events, ctx) {
    let pending: Recorded<MessageSent>[] = [];
    const flush = async () => {
      if (pending.length) await insertMessages(ctx, pending);
      pending = [];
    };
    for (const e of events) {
      if (e.type === 'chat.MessageSent') {
        pending.push(e);
        continue;
      }
      await flush();
      if (e.type === 'chat.RoomOpened') await openRoom(ctx, e.data);
      else if (e.type === 'chat.MessagesMarked') await markMessages(ctx, e.data);
      else if (e.type === 'chat.MembersAdded') await addMembers(ctx, e.data);
      else if (e.type === 'chat.MemberLeft') await removeMember(ctx, e.data);
    }
    await flush();
  },
  async reset(trx) {
    await trx.deleteFrom('chat_receipts').execute();
    await trx.deleteFrom('chat_messages').execute();
    await trx.deleteFrom('chat_room_members').execute();
    await trx.deleteFrom('chat_rooms').execute();
  },
});

async function openRoom(ctx: ProjectionContext, d: RoomOpened['data']) {
  const { trx } = ctx;
  const opened = await trx
    .insertInto('chat_rooms')
    .values({ id: d.roomId, type: d.roomType, name: d.name, created_by: d.openedBy, created_at: d.openedAt })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  await trx
    .insertInto('chat_room_members')
    .values(d.members.map((m) => ({ room_id: d.roomId, user_id: m.userId, participant_id: m.participantId })))
    .onConflict((oc) => oc.columns(['room_id', 'user_id']).doNothing())
    .execute();
  // Members see a new group at once; an individual room shows up with its first message. A room already
  // stored (event applied twice) is not announced again.
  if (opened && d.roomType === 'group' && !ctx.replaying) await announceGroup(ctx, d);
}

/** `chat-room:created` to each member's user room: that member's GET chatRooms entry of the new group. */
async function announceGroup(ctx: ProjectionContext, d: RoomOpened['data']) {
  const users = await userSummaries(ctx.trx, d.members.map((m) => m.userId));
  const members = d.members.map((m) => ({
    _id: m.userId,
    _participant: m.participantId,
    name: users.get(m.userId)?.name ?? '',
    publicUserId: users.get(m.userId)?.publicUserId ?? '',
  }));
  const entries = d.members.map((m) => ({
    userId: m.userId,
    payload: { _id: d.roomId, type: 'group', name: d.name, _participant: m.participantId, members, unreadMessages: 0, chatMessage: null } satisfies RoomCreatedEvent,
  }));
  ctx.afterCommit(({ realtime }) => {
    for (const e of entries) realtime.emit(userRoom(e.userId), CHAT_SOCKET_EVENTS.roomCreated, e.payload);
  });
}

async function insertMessages(ctx: ProjectionContext, events: Recorded<MessageSent>[]) {
  const { trx } = ctx;
  const input = events.map((e) => ({
    id: e.data.messageId,
    room_id: e.data.roomId,
    client_id: e.data.clientId,
    sender_id: e.data.senderId,
    participant_id: e.data.participantId,
    public_user_id: e.data.publicUserId,
    receiver_id: e.data.receiverId,
    message: e.data.message,
    seq: e.streamVersion,
    save_date: e.data.sentAt,
    recipients: e.data.recipients,
  }));
  // One round trip for the whole batch: messages, their receipts and each room's last message. A message already
  // stored (its event applied twice) is skipped by NOT EXISTS, not ON CONFLICT: this projection is the tables' only
  // writer and its batches are serialised by the checkpoint's row lock, so the check cannot race, and a speculative
  // insert costs a lock-manager round and one more WAL record per row. Receipts are written only for the messages
  // inserted here, so they cannot exist yet either.
  const inserted = await sql<{ id: string }>`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb) AS x(
        id text, room_id text, client_id text, sender_id text, participant_id text, public_user_id text,
        receiver_id text, message text, seq int, save_date timestamptz, recipients jsonb)
    ), ins AS (
      INSERT INTO chat_messages (id, room_id, client_id, sender_id, participant_id, public_user_id, receiver_id, message, seq, state, save_date)
      SELECT id, room_id, client_id, sender_id, participant_id, public_user_id, receiver_id, message, seq, 'sent', save_date FROM input
       WHERE NOT EXISTS (SELECT 1 FROM chat_messages m WHERE m.id = input.id)
      RETURNING id
    ), rec AS (
      INSERT INTO chat_receipts (message_id, user_id, room_id, state)
      SELECT i.id, r.u, i.room_id, 'sent' FROM input i JOIN ins ON ins.id = i.id
        CROSS JOIN LATERAL jsonb_array_elements_text(i.recipients) AS r(u)
    ), last AS (
      -- The batch is in commit order and one room's appends are serialised: the highest seq is the newest.
      SELECT DISTINCT ON (room_id) room_id, id, save_date FROM input ORDER BY room_id, seq DESC
    ), upd AS (
      UPDATE chat_rooms r SET last_message_id = last.id, last_message_at = last.save_date
        FROM last WHERE r.id = last.room_id
    )
    SELECT id FROM ins`.execute(trx);
  const fresh = new Set(inserted.rows.map((r) => r.id));

  for (const e of events) {
    if (!fresh.has(e.data.messageId)) continue;
    const message = toChatMessage(e.data, e.streamVersion, 'sent');
    // Every socket is in its user's room, so the sender and the recipients (the members when it was sent) are
    // reached without the room's channel, which could still hold a member who left a moment before.
    const rooms = [userRoom(e.data.senderId), ...e.data.recipients.map(userRoom)];
    ctx.afterCommit(({ realtime }) => realtime.emit(rooms, CHAT_SOCKET_EVENTS.message, message, e.metadata.socketId));
  }
}

async function markMessages(ctx: ProjectionContext, d: MessagesMarked['data']) {
  const { trx } = ctx;
  const rank = d.state === 'viewed' ? 3 : 2;
  // Receipts only move forward, whatever order commands raced in.
  const moved = await trx
    .updateTable('chat_receipts')
    .set({ state: d.state })
    .where('user_id', '=', d.userId)
    .where('message_id', 'in', d.messageIds)
    .where(sql<boolean>`${RANK_SQL} < ${rank}`)
    .returning('message_id')
    .execute();
  if (moved.length === 0) return;
  // The message's state is the lowest receipt of its recipients.
  const changed = await sql<{ id: string; client_id: string; state: 'sent' | 'delivered' | 'viewed'; sender_id: string; receiver_id: string | null }>`
    UPDATE chat_messages m SET state = agg.state
      FROM (SELECT message_id,
                   (ARRAY['sent', 'delivered', 'viewed'])[MIN(${RANK_SQL})] AS state
              FROM chat_receipts WHERE message_id = ANY(${moved.map((r) => r.message_id)}::text[])
             GROUP BY message_id) agg
     WHERE m.id = agg.message_id AND m.state <> agg.state
    RETURNING m.id, m.client_id, m.state, m.sender_id, m.receiver_id`.execute(trx);
  const members = await trx.selectFrom('chat_room_members').select('user_id').where('room_id', '=', d.roomId).execute();
  const rooms = [chatRoomChannel(d.roomId), ...members.map((m) => userRoom(m.user_id))];
  const rows = changed.rows;
  if (rows.length === 0) {
    // Group rooms: other recipients hold the message back; the marker's own tabs still need their counts.
    ctx.afterCommit(({ realtime }) =>
      realtime.emit(userRoom(d.userId), CHAT_SOCKET_EVENTS.messagesUpdate, {
        _room: d.roomId,
        state: d.state,
        messages: [],
        by: d.userId,
      } satisfies MessagesUpdateEvent),
    );
    return;
  }
  if (d.scope !== 'room' && rows.length === 1) {
    const payload: MessageUpdateEvent = { _id: rows[0].id, id: rows[0].client_id, _room: d.roomId, state: rows[0].state };
    ctx.afterCommit(({ realtime }) => realtime.emit(rooms, CHAT_SOCKET_EVENTS.messageUpdate, payload));
    return;
  }
  // Bulk: one update per resulting state (all the same in 1:1 rooms).
  for (const payload of messagesUpdates(d.roomId, rows, d.userId)) {
    ctx.afterCommit(({ realtime }) => realtime.emit(rooms, CHAT_SOCKET_EVENTS.messagesUpdate, payload));
  }
}

/** `chat-room:messages-update` payloads for messages whose state changed, one per resulting state. */
function messagesUpdates(
  roomId: string,
  rows: Array<{ id: string; client_id: string; state: MessagesUpdateEvent['state'] }>,
  by: string,
): MessagesUpdateEvent[] {
  const byState = new Map<MessagesUpdateEvent['state'], Array<{ _id: string; id: string }>>();
  for (const r of rows) byState.set(r.state, [...(byState.get(r.state) ?? []), { _id: r.id, id: r.client_id }]);
  return [...byState].map(([state, messages]) => ({ _room: roomId, state, messages, by }));
}

/** The room's members as GET chatRooms lists them. */
async function memberList(ctx: ProjectionContext, roomId: string): Promise<MembersChangedEvent['members']> {
  const rows = await ctx.trx.selectFrom('chat_room_members').select(['user_id', 'participant_id']).where('room_id', '=', roomId).execute();
  const users = await userSummaries(ctx.trx, rows.map((r) => r.user_id));
  return rows.map((r) => ({
    _id: r.user_id,
    _participant: r.participant_id,
    name: users.get(r.user_id)?.name ?? '',
    publicUserId: users.get(r.user_id)?.publicUserId ?? '',
  }));
}

async function addMembers(ctx: ProjectionContext, d: MembersAdded['data']) {
  const inserted = await ctx.trx
    .insertInto('chat_room_members')
    .values(d.members.map((m) => ({ room_id: d.roomId, user_id: m.userId, participant_id: m.participantId })))
    .onConflict((oc) => oc.columns(['room_id', 'user_id']).doNothing())
    .returning('user_id')
    .execute();
  // Rows already there: the event was applied before and announced then.
  if (inserted.length === 0 || ctx.replaying) return;
  const added = inserted.map((r) => r.user_id);
  const members = await memberList(ctx, d.roomId);
  // Each new member gets the group as their own GET chatRooms entry (last message included, nothing unread).
  const entries: { userId: string; payload: RoomCreatedEvent }[] = [];
  for (const userId of added) {
    const [entry] = await groupRooms(ctx.trx, userId, d.roomId);
    if (entry) entries.push({ userId, payload: entry });
  }
  const others = members.filter((m) => !added.includes(m._id)).map((m) => userRoom(m._id));
  const changed: MembersChangedEvent = { _room: d.roomId, members, added, left: null };
  ctx.afterCommit(({ realtime }) => {
    for (const e of entries) realtime.emit(userRoom(e.userId), CHAT_SOCKET_EVENTS.roomCreated, e.payload);
    if (others.length) realtime.emit(others, CHAT_SOCKET_EVENTS.membersChanged, changed);
  });
}

async function removeMember(ctx: ProjectionContext, d: MemberLeft['data']) {
  const { trx } = ctx;
  const removed = await trx
    .deleteFrom('chat_room_members')
    .where('room_id', '=', d.roomId)
    .where('user_id', '=', d.userId)
    .returning('user_id')
    .executeTakeFirst();
  if (!removed) return;
  const someoneLeft = await trx.selectFrom('chat_room_members').select('user_id').where('room_id', '=', d.roomId).limit(1).executeTakeFirst();
  if (!someoneLeft) {
    // The last member left: nobody can read the group or be added to it again (only members add), so its rows
    // leave the read model; the events stay in the log.
    await trx.deleteFrom('chat_receipts').where('room_id', '=', d.roomId).execute();
    await trx.deleteFrom('chat_messages').where('room_id', '=', d.roomId).execute();
    await trx.deleteFrom('chat_rooms').where('id', '=', d.roomId).execute();
    if (!ctx.replaying) {
      const changed: MembersChangedEvent = { _room: d.roomId, members: [], added: [], left: d.userId };
      ctx.afterCommit(({ realtime }) => realtime.emit(userRoom(d.userId), CHAT_SOCKET_EVENTS.membersChanged, changed));
    }
    return;
  }
  // The receipts the leaver will never give no longer hold messages back (nor count as their unread ones).
  const gone = await trx
    .deleteFrom('chat_receipts')
    .where('room_id', '=', d.roomId)
    .where('user_id', '=', d.userId)
    .where('state', '<>', 'viewed')
    .returning('message_id')
    .execute();
  const changedStates = gone.length
    ? (
        await sql<{ id: string; client_id: string; state: 'sent' | 'delivered' | 'viewed' }>`
          UPDATE chat_messages m SET state = agg.state
            FROM (SELECT message_id, (ARRAY['sent', 'delivered', 'viewed'])[MIN(${RANK_SQL})] AS state
                    FROM chat_receipts WHERE message_id = ANY(${gone.map((r) => r.message_id)}::text[])
                   GROUP BY message_id) agg
           WHERE m.id = agg.message_id AND m.state <> agg.state
          RETURNING m.id, m.client_id, m.state`.execute(trx)
      ).rows
    : [];
  if (ctx.replaying) return;
  const members = await memberList(ctx, d.roomId);
  const stay = members.map((m) => userRoom(m._id));
  const changed: MembersChangedEvent = { _room: d.roomId, members, added: [], left: d.userId };
  const updates = messagesUpdates(d.roomId, changedStates, d.userId);
  ctx.afterCommit(({ realtime }) => {
    realtime.emit([...stay, userRoom(d.userId)], CHAT_SOCKET_EVENTS.membersChanged, changed);
    if (!stay.length) return;
    for (const payload of updates) realtime.emit([chatRoomChannel(d.roomId), ...stay], CHAT_SOCKET_EVENTS.messagesUpdate, payload);
  });
}
