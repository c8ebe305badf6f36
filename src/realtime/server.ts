import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Server, type Socket } from 'socket.io';
import type { AuthUser } from '../contracts/accounts.js';
import type { AppContext } from '../context.js';
import { tokenFrom, userFromToken } from '../http/auth.js';
import type { SocketAck } from '../contracts/chat.js';
import type { ServerToClientEvents } from '../contracts/realtime.js';
import { HttpError, toErrorBody } from '../http/errors.js';
import { messages } from '../messages/es.js';
import { handlePublishFailures, listenToPushes, sessionRoom, userRoom } from './realtime.js';
import { closeEndedSession, requireOpenSession, sessionCheckedByHandler } from './session-check.js';
import { createWireParser } from './wire.js';

export interface SocketData {
  user: AuthUser;
  sessionId: string;
}
/**
 * What clients send stays an open map: every module's handlers parse their payloads with zod (the contracts'
 * ClientToServerEvents types the web side). What the server emits is the shared contract map.
 */
type ListenEvents = Record<string, (...args: any[]) => void>;
export type AppServer = Server<ListenEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type AppSocket = Socket<ListenEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type SocketModule = (io: AppServer, socket: AppSocket, ctx: AppContext) => void;

/**
 * Socket.IO on the API's HTTP server: authenticated by the same token (cookie, or `auth: { token }`), a room
 * per user, and the Redis adapter so that several API processes share rooms.
 */
export async function createSocketServer(httpServer: HttpServer, ctx: AppContext, socketModules: readonly SocketModule[]): Promise<AppServer> {
  const io: AppServer = new Server(httpServer, { serveClient: false, cors: { origin: false } });
  // Publishes of one tick leave in one write (auto-pipelining, inherited); a subscriber connection must not
  // pipeline (its pending pipelines reject unhandled when it closes).
  const pub = ctx.redis.duplicate();
  const sub = ctx.redis.duplicate({ enableAutoPipelining: false });
  handlePublishFailures(pub, ctx.logger);
  io.adapter(createAdapter(pub, sub, { key: ctx.socketKey, parser: createWireParser() }));

  io.use(async (socket, next) => {
    try {
      const token = (socket.handshake.auth?.token as string | undefined) ?? tokenFrom(socket.handshake.headers.cookie, socket.handshake.headers.authorization);
      const found = await userFromToken(ctx, token);
      if (!found) return next(Object.assign(new Error(messages.http[401].title), { data: { status: 401 } }));
      socket.data.user = found.user;
      socket.data.sessionId = found.sessionId;
      next();
    } catch (err) {
      next(err as Error);
    }
  });

  io.on('connection', (socket: AppSocket) => {
    // The session's room: ending the session (src/commands/accounts/service.ts) disconnects it on every node.
    void socket.join([userRoom(socket.data.user._id), sessionRoom(socket.data.sessionId)]);
    // Every event is checked against the session as HTTP checks a token, so one arriving after the session
    // ended, before its disconnect reached this node, is not processed.
    socket.use(([event, ...args], next) => {
      if (sessionCheckedByHandler.has(event)) return next();
      requireOpenSession(ctx.pool, socket).then(
        () => next(),
        (err: unknown) => {
          if (!(err instanceof HttpError)) ctx.logger.warn({ err }, 'socket session check failed');
          const last = args[args.length - 1];
          const body = toErrorBody(err);
          if (typeof last === 'function') (last as (answer: SocketAck) => void)({ ok: false, status: body.status, messagePublic: body.messagePublic });
          closeEndedSession(socket, err);
        },
      );
    });
    for (const mod of socketModules) mod(io, socket, ctx);
  });

  const pushes = await listenToPushes(io, pub, ctx.socketKey, ctx.logger);
  ctx.realtime.use(pushes.realtime);
  const close = io.close.bind(io);
  io.close = (fn) =>
    close((err) => {
      // The adapter unsubscribes while closing; quit afterwards so no pending command is rejected.
      void Promise.allSettled([pushes.close(), pub.quit(), sub.quit()]).then(() => fn?.(err));
    });
  return io;
}
