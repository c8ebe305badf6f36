import { sql, type Kysely } from 'kysely';
import type { ChatGroupEntry, ChatListEntry, ChatMessage, MessageState } from '../../contracts/chat.js';
import type { DB } from '../../db/schema.js';
import { individualRoomId } from '../../domain/chat/ids.js';
import { attendeeChatAllowed, userProfiles } from '../accounts/queries.js';
import { membershipsOf } from '../access/queries.js';
import { ACCESS_MATRIX, isModule } from '../../domain/access/matrix.js';
import { shareAcceptedMeeting } from '../businessConference/meetings-queries.js';
import { participantsOfUser } from '../businessConference/participants-queries.js';
import { shareEventTeam, teammateIds } from '../events/queries.js';
import { fellowAttendeeIds, holdsTicketOf, sharesTicketedEvent } from '../sales/attendance.js';
import type { MessageSent } from '../../domain/chat/room.js';
import { iso } from '../../db/dates.js';

/**
 * Queries of the chat read models. Contacts come from other modules' read models: users who share an event
 * team (`event_members`, organizer workspace) and names from `users` (accounts).
 */

type MessageRow = DB['chat_messages'];


export function rowToChatMessage(r: MessageRow): ChatMessage {
  return {
    _id: r.id,
    id: r.client_id,
    message: r.message,
    saveDate: new Date(r.save_date).toISOString(),
    state: r.state as MessageState,
    _room: r.room_id,
    chatRoom: r.room_id,
    _participant: r.participant_id,
    publicUserId: r.public_user_id,
    sender: r.sender_id,
    receiver: r.receiver_id,
    seq: r.seq,
  };
}

/** The message as the projection will store it (used to answer a send without waiting for the projection). */
export function toChatMessage(d: MessageSent['data'], seq: number, state: 'sent' | 'delivered' | 'viewed'): ChatMessage {
  return rowToChatMessage({
    id: d.messageId,
    client_id: d.clientId,
    message: d.message,
    save_date: d.sentAt,
    state,
    room_id: d.roomId,
    participant_id: d.participantId,
    public_user_id: d.publicUserId,
    sender_id: d.senderId,
    receiver_id: d.receiverId,
    seq,
  });
}

/**
 * The message a retried send made the first time: the store answers a duplicate command with the revision of
 * its first append, which is the message's seq. Checked against sender and client id, so a stale answer is null.
 */
export async function findSentMessage(db: Kysely<DB>, roomId: string, seq: number, senderId: string, clientId: string) {
  const row = await db.selectFrom('chat_messages').selectAll().where('room_id', '=', roomId).where('seq', '=', seq).executeTakeFirst();
  return row && row.sender_id === senderId && row.client_id === clientId ? rowToChatMessage(row) : null;
}

export async function findMessage(db: Kysely<DB>, id: string) {
  const row = await db.selectFrom('chat_messages').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? rowToChatMessage(row) : null;
}

/**
 * Users sharing an event team with the user (the events module's query), people holding tickets of the same
 * events when both allow attendee chats (the sales module's query; the user's own switch first), plus everyone
 * the user already shares an individual room with; each once.
 */
export async function contactIds(db: Kysely<DB>, userId: string): Promise<string[]> {
  const fellows = async () => {
    if (!(await attendeeChatAllowed(db, [userId])).has(userId)) return [];
    const ids = await fellowAttendeeIds(db, userId);
    return [...(await attendeeChatAllowed(db, ids))];
  };
  const [team, attendees, { rows }] = await Promise.all([
    teammateIds(db, userId),
    fellows(),
    sql<{ user_id: string }>`
      SELECT m2.user_id FROM chat_room_members m1
        JOIN chat_rooms r ON r.id = m1.room_id AND r.type = 'individual'
        JOIN chat_room_members m2 ON m2.room_id = m1.room_id AND m2.user_id <> ${userId}
       WHERE m1.user_id = ${userId}`.execute(db),
  ]);
  return [...new Set([...team, ...attendees, ...rows.map((r) => r.user_id)])];
}

/**
 * Whether `userId` may start a conversation with `otherId`: they share an event team; or `userId` is on the team
 * of an event `otherId` holds a ticket of (the organizer's team can always reach its attendees); or both hold
 * tickets of one event and both allow attendee chats in their profile. Business conference: the two sides of an
 * accepted meeting, and the event's team with an approved participant of one of its rounds.
 */
export async function isContact(db: Kysely<DB>, userId: string, otherId: string): Promise<boolean> {
  if (await shareEventTeam(db, userId, otherId)) return true;
  // The events where userId is on the team: owned, or an event-wide role. A round-scoped role (a business-conference
  // participant: offer, demand, offer_demand) is not the event's team.
  const teamEvents = [...new Set((await membershipsOf(db, userId)).filter(isTeamRow).map((m) => m.eventId))];
  if (await holdsTicketOf(db, otherId, teamEvents)) return true;
  // Business conference: the two sides of an accepted meeting; the event's team and an approved participant of one
  // of its rounds (either way: the help desk writes first, the participant answers or asks).
  if (await shareAcceptedMeeting(db, userId, otherId)) return true;
  if (await isTeamOfParticipant(db, teamEvents, otherId)) return true;
  if (await isTeamOfParticipant(db, [...new Set((await membershipsOf(db, otherId)).filter(isTeamRow).map((m) => m.eventId))], userId)) return true;
  if ((await attendeeChatAllowed(db, [userId, otherId])).size < 2) return false;
  return sharesTicketedEvent(db, userId, otherId);
}

/** A membership row of the event's team: the owner's, or a role whose scope is the whole event. */
function isTeamRow(m: { owner: boolean; module: string | null; role: string | null }): boolean {
  if (m.owner || !m.module || !m.role || !isModule(m.module)) return true;
  const permission = (ACCESS_MATRIX[m.module] as Partial<Record<string, { scope: string }>>)[m.role];
  return permission?.scope !== 'round';
}

/** Whether `participantUserId` is an approved business-conference participant of one of these events. */
async function isTeamOfParticipant(db: Kysely<DB>, teamEvents: string[], participantUserId: string): Promise<boolean> {
  if (teamEvents.length === 0) return false;
  const events = new Set(teamEvents);
  return (await participantsOfUser(db, participantUserId)).some((p) => p.status === 'approved' && events.has(p.eventId));
}

export interface UserSummary {
  id: string;
  name: string;
  publicUserId: string;
}
/** Names and public ids, by user id: the accounts module's query. */
export function userSummaries(db: Kysely<DB>, ids: string[]): Promise<Map<string, UserSummary>> {
  return userProfiles(db, ids);
}

/** Which of these users have a connected socket now (chat presence): one array parameter, one statement text. */
export async function onlineUserIds(db: Kysely<DB>, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await sql<{ user_id: string }>`SELECT user_id FROM chat_presence WHERE user_id = ANY(${ids}::text[]) AND online`.execute(db);
  return new Set(rows.map((r) => r.user_id));
}

/** A room's type and name (undefined when the room is unknown). */
export function roomHeader(db: Kysely<DB>, roomId: string) {
  return db.selectFrom('chat_rooms').select(['type', 'name']).where('id', '=', roomId).executeTakeFirst();
}

/** GET chatMessage: newest page first; each page is returned oldest-first. */
export async function listMessages(db: Kysely<DB>, roomId: string, skip: number, limit: number) {
  const [rows, total] = await Promise.all([
    db.selectFrom('chat_messages').selectAll().where('room_id', '=', roomId).orderBy('seq', 'desc').offset(skip).limit(limit).execute(),
    db.selectFrom('chat_messages').select((eb) => eb.fn.countAll<string>().as('n')).where('room_id', '=', roomId).executeTakeFirstOrThrow(),
  ]);
  return { data: rows.reverse().map(rowToChatMessage), docs: Number(total.n) };
}

export const NEW_MESSAGES_OVERLAP_MS = 2000;

/**
 * GET newChatMessage: messages of others saved after lastDateFront (and up to lastDateBack), oldest first.
 * Only rooms the user is in; without a room, all of them.
 */
export async function listNewMessages(
  db: Kysely<DB>,
  userId: string,
  opts: { roomId?: string; after?: string; until: string; skip: number; limit: number },
) {
  let q = db
    .selectFrom('chat_messages as m')
    .innerJoin('chat_room_members as mem', (j) => j.onRef('mem.room_id', '=', 'm.room_id').on('mem.user_id', '=', userId))
    .where('m.sender_id', '<>', userId)
    .where('m.save_date', '<=', new Date(opts.until));
  if (opts.roomId) q = q.where('m.room_id', '=', opts.roomId);
  // Two sends racing in one room may commit in the other order than their clocks: answer a short overlap
  // before lastDateFront so none is skipped (clients de-duplicate by _id).
  if (opts.after) q = q.where('m.save_date', '>', new Date(new Date(opts.after).getTime() - NEW_MESSAGES_OVERLAP_MS));
  const [rows, total] = await Promise.all([
    q.selectAll('m').orderBy('m.save_date').orderBy('m.room_id').orderBy('m.seq').offset(opts.skip).limit(opts.limit).execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { data: rows.map(rowToChatMessage), docs: Number(total.n) };
}

async function unreadByRoom(db: Kysely<DB>, userId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('chat_receipts')
    .select(['room_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('user_id', '=', userId)
    .where('state', '<>', 'viewed')
    .groupBy('room_id')
    .execute();
  return new Map(rows.map((r) => [r.room_id, Number(r.n)]));
}

async function lastMessages(db: Kysely<DB>, roomIds: string[]): Promise<Map<string, ChatMessage>> {
  if (roomIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('chat_rooms as r')
    .innerJoin('chat_messages as m', 'm.id', 'r.last_message_id')
    .selectAll('m')
    .where('r.id', 'in', roomIds)
    .execute();
  return new Map(rows.map((r) => [r.room_id, rowToChatMessage(r)]));
}

/** GET users?state= : the chat list. */
export async function chatList(db: Kysely<DB>, userId: string, filter?: 'connected' | 'disconnected'): Promise<ChatListEntry[]> {
  const ids = await contactIds(db, userId);
  if (ids.length === 0) return [];
  const roomIds = ids.map((id) => individualRoomId(userId, id));
  const [users, presence, rooms, unread, last] = await Promise.all([
    userSummaries(db, ids),
    db.selectFrom('chat_presence').selectAll().where('user_id', 'in', ids).execute(),
    db.selectFrom('chat_room_members').select(['room_id', 'user_id', 'participant_id']).where('room_id', 'in', roomIds).where('user_id', 'in', ids).execute(),
    unreadByRoom(db, userId),
    lastMessages(db, roomIds),
  ]);
  const presenceBy = new Map(presence.map((p) => [p.user_id, p]));
  const participantBy = new Map(rooms.map((r) => [r.user_id, r]));
  const entries: ChatListEntry[] = [];
  for (const id of ids) {
    const user = users.get(id);
    if (!user) continue; // deleted account
    const p = presenceBy.get(id);
    const online = p?.online ?? false;
    if (filter === 'connected' && !online) continue;
    if (filter === 'disconnected' && online) continue;
    const member = participantBy.get(id);
    const roomId = member ? member.room_id : null;
    entries.push({
      _id: id,
      _participant: member?.participant_id ?? null,
      publicUserId: user.publicUserId,
      name: user.name,
      state: online ? 'online' : 'offline',
      lastConnection: iso(p?.last_connection ?? null),
      lastDisconnection: iso(p?.last_disconnection ?? null),
      writing: false,
      unreadMessages: roomId ? (unread.get(roomId) ?? 0) : 0,
      chatMessage: roomId ? (last.get(roomId) ?? null) : null,
      chatRoom: roomId,
    });
  }
  // Most recent conversation first, then by name.
  entries.sort((a, b) => {
    const da = a.chatMessage?.saveDate ?? '';
    const dbb = b.chatMessage?.saveDate ?? '';
    if (da !== dbb) return da < dbb ? 1 : -1;
    return a.name.localeCompare(b.name, 'es');
  });
  return entries;
}

/** GET chatRooms : the user's group rooms. */
export async function groupRooms(db: Kysely<DB>, userId: string, onlyRoomId?: string): Promise<ChatGroupEntry[]> {
  let q = db
    .selectFrom('chat_room_members as me')
    .innerJoin('chat_rooms as r', 'r.id', 'me.room_id')
    .select(['r.id', 'r.name', 'me.participant_id', 'r.last_message_at'])
    .where('me.user_id', '=', userId)
    .where('r.type', '=', 'group');
  if (onlyRoomId) q = q.where('r.id', '=', onlyRoomId);
  const rooms = await q.orderBy('r.last_message_at', (ob) => ob.desc().nullsLast()).execute();
  if (rooms.length === 0) return [];
  const ids = rooms.map((r) => r.id);
  const [members, unread, last] = await Promise.all([
    db.selectFrom('chat_room_members').selectAll().where('room_id', 'in', ids).execute(),
    unreadByRoom(db, userId),
    lastMessages(db, ids),
  ]);
  const users = await userSummaries(db, [...new Set(members.map((m) => m.user_id))]);
  return rooms.map((r) => ({
    _id: r.id,
    type: 'group' as const,
    name: r.name,
    _participant: r.participant_id,
    members: members
      .filter((m) => m.room_id === r.id)
      .map((m) => ({
        _id: m.user_id,
        _participant: m.participant_id,
        name: users.get(m.user_id)?.name ?? '',
        publicUserId: users.get(m.user_id)?.publicUserId ?? '',
      })),
    unreadMessages: unread.get(r.id) ?? 0,
    chatMessage: last.get(r.id) ?? null,
  }));
}
