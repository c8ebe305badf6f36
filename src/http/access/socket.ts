import { ACCESS_SOCKET_EVENTS, eventSubscribePayloadSchema, type EventSubscribePayload } from '../../contracts/access.js';
import type { AppContext } from '../../context.js';
import type { AppSocket, SocketModule } from '../../realtime/server.js';
import { toErrorBody } from '../errors.js';
import { authorize, type AccessGrant } from './guard.js';

/** Room of one event's sockets (pushes about the event to whoever may see it). */
export const eventRoom = (eventId: string) => `event:${eventId}`;

/**
 * The guard for socket handlers of anything that concerns an event: the same matrix and the same one query as
 * HTTP, with the socket's authenticated user. (Chat room membership stays the chat's own check.)
 */
export function authorizeSocket(ctx: Pick<AppContext, 'db'>, socket: AppSocket, q: EventSubscribePayload & { client?: string }): Promise<AccessGrant> {
  return authorize(ctx, socket.data.user, { event: q.event, module: q.module, page: q.page, action: q.action ?? 'event.read', client: q.client });
}

type Ack = (body: unknown) => void;

/** `event:subscribe` / `event:unsubscribe`: join or leave an event's room once the guard allows it. */
export const accessSocketModule: SocketModule = (_io, socket, ctx) => {
  socket.on(ACCESS_SOCKET_EVENTS.subscribe, async (raw: unknown, maybeAck?: unknown) => {
    const ack = (typeof maybeAck === 'function' ? maybeAck : undefined) as Ack | undefined;
    try {
      const q = eventSubscribePayloadSchema.parse(raw);
      const grant = await authorizeSocket(ctx, socket, q);
      await socket.join(eventRoom(grant.eventId));
      ack?.({ ok: true, eventId: grant.eventId, actions: grant.actions });
    } catch (err) {
      ack?.({ ok: false, ...toErrorBody(err) });
    }
  });
  socket.on(ACCESS_SOCKET_EVENTS.unsubscribe, async (raw: unknown, maybeAck?: unknown) => {
    const ack = (typeof maybeAck === 'function' ? maybeAck : undefined) as Ack | undefined;
    const parsed = eventSubscribePayloadSchema.pick({ event: true }).safeParse(raw);
    if (parsed.success) await socket.leave(eventRoom(parsed.data.event));
    ack?.({ ok: true });
  });
};
