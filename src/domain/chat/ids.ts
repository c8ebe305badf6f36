import { createHash } from 'node:crypto';

/** A UUID-shaped name-based id (SHA-256, version nibble 8): the same inputs always give the same id. */
export function nameId(...parts: string[]): string {
  const h = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h[16], 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The one individual room of two users: deterministic, so "get or create" never makes two rooms. */
export const individualRoomId = (a: string, b: string) => nameId('chat-individual', ...[a, b].sort());
/** A group room id from its creator and the client-made id: a retried creation finds the same room. */
export const groupRoomId = (creatorId: string, clientId: string) => nameId('chat-group', creatorId, clientId);
/** A member's participant id in a room (spec `_participant`). */
export const participantId = (roomId: string, userId: string) => nameId('chat-participant', roomId, userId);
