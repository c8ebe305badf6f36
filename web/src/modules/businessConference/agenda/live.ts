import { AGENDA_CHANGED, type AgendaChangedPayload } from '@contracts/businessConference-agenda';
import { useCallback, useEffect } from 'react';
import { useSocket } from '../../../app/socket';

/**
 * Live agenda: joins the event's room (`event:subscribe`, the access module's guarded room; again after each
 * reconnection) and calls `refetch` when the round's agenda changes.
 */
export function useAgendaLive(eventId: string | undefined, roundId: string | undefined, refetch: () => void) {
  const socket = useSocket();
  useEffect(() => {
    if (!socket || !eventId) return;
    // cast: `event:subscribe` is the access module's socket event, outside the chat's typed client-to-server map.
    const raw = socket as unknown as { emit(event: string, payload: unknown): void; on(e: 'connect', l: () => void): void; off(e: 'connect', l: () => void): void };
    const join = () => raw.emit('event:subscribe', { event: eventId, module: 'businessConference', action: 'meeting.read' });
    join();
    raw.on('connect', join);
    return () => {
      raw.off('connect', join);
      raw.emit('event:unsubscribe', { event: eventId });
    };
  }, [socket, eventId]);
  const handler = useCallback(
    (p: AgendaChangedPayload) => {
      if (p.roundId === roundId) refetch();
    },
    [roundId, refetch],
  );
  useEffect(() => {
    if (!socket) return;
    socket.on(AGENDA_CHANGED, handler);
    return () => {
      socket.off(AGENDA_CHANGED, handler);
    };
  }, [socket, handler]);
}
