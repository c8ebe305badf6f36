import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Server } from 'socket.io';
import type { Payload, ServerEventName } from '../contracts/realtime.js';

/** Pushes to Socket.IO rooms from any process (API or worker). Rooms: `user:<id>`, `chat-room:<id>`, ... */
export interface Realtime {
  /**
   * Pushes `event` with its contract's payload (src/contracts/realtime.ts, the map the web's socket is typed by).
   * `except`: a socket id (every socket is in a room of its own id) left out, e.g. the sender's connection.
   */
  emit<K extends ServerEventName>(room: string | string[], event: K, payload: Payload<K>, except?: string): void;
}

/**
 * Beside pushes: disconnecting sockets, e.g. every socket of a session that ended (logout, password change or
 * reset, account deletion). It travels in the same batches as the pushes rather than through the Socket.IO
 * adapter's `disconnectSockets`, because sessions also end in processes without a Socket.IO server (the admin
 * CLI's setPassword, workers) and this channel reaches every API node from any process, in order with the pushes.
 */
export interface RealtimeControl extends Realtime {
  /** Closes the connection of every socket in `room` (on every API node). */
  disconnect(room: string | string[]): void;
}

export const userRoom = (userId: string) => `user:${userId}`;
/** Every socket joins the room of the session it authenticated with, so that ending the session can close it. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/**
 * One push as it travels between processes: rooms, event, payload, excepted socket id; or `[rooms, null]`,
 * which disconnects the sockets in those rooms.
 */
type Push = [rooms: string | string[], event: string, payload: unknown, except: string | null] | [rooms: string | string[], disconnect: null];

/** The Redis channel of pushes made through `Realtime` (projections, presence): every API node listens. */
export const pushChannel = (socketKey: string) => `${socketKey}#pushes`;

/**
 * Pushes leave a process in batches: everything emitted in one turn of the event loop (a projection batch's
 * effects) is ONE Redis publish, `{"from":"<process id>","pushes":[...]}`. Through the Socket.IO adapter each
 * push was a publish of its own, read back by its own process and decoded only to be dropped: a measured share
 * of a chat message's cost (docs/benchmarks.md). Order is kept: one connection publishes a process's batches in
 * order and every node applies a batch in order. Payloads are serialised at the end of the turn: emit fresh
 * objects and do not change them afterwards.
 */
class PushPublisher {
  readonly from = `${process.pid}-${randomUUID()}`;
  private pending: Push[] = [];
  private scheduled = false;

  constructor(
    private readonly redis: Redis,
    private readonly channel: string,
  ) {}

  add(push: Push) {
    this.pending.push(push);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }

  private flush() {
    this.scheduled = false;
    const pushes = this.pending;
    this.pending = [];
    if (pushes.length) void this.redis.publish(this.channel, `{"from":${JSON.stringify(this.from)},"pushes":${JSON.stringify(pushes)}}`);
  }
}

/**
 * In the API process: this node's sockets get the push at once (`io.local`), the other nodes through the
 * batched publish (see listenToPushes).
 */
function serverRealtime(io: Server, publisher: PushPublisher): RealtimeControl {
  return {
    emit: (room, event, payload, except) => {
      emitLocally(io, [room, event, payload, except ?? null]);
      publisher.add([room, event, payload, except ?? null]);
    },
    disconnect: (room) => {
      emitLocally(io, [room, null]);
      publisher.add([room, null]);
    },
  };
}

function emitLocally(io: Server, push: Push) {
  if (push[1] === null) {
    io.local.in(push[0]).disconnectSockets(true);
    return;
  }
  const [room, event, payload, except] = push;
  const target = io.local.to(room);
  (except ? target.except(except) : target).emit(event, payload);
}

/** In a worker process without a Socket.IO server: every API node applies the batch to its own sockets. */
export function emitterRealtime(redis: Redis, socketKey: string): RealtimeControl {
  const publisher = new PushPublisher(redis, pushChannel(socketKey));
  return {
    emit: (room, event, payload, except) => publisher.add([room, event, payload, except ?? null]),
    disconnect: (room) => publisher.add([room, null]),
  };
}

/**
 * An API node applies the pushes published by the other processes to its own sockets; its own batches come
 * back too and are recognised by their first bytes without being parsed. Returns the node's realtime.
 */
export async function listenToPushes(io: Server, redis: Redis, socketKey: string, logger: Logger) {
  const channel = pushChannel(socketKey);
  const publisher = new PushPublisher(redis, channel);
  const own = Buffer.from(`{"from":${JSON.stringify(publisher.from)},`);
  // A subscriber connection must not pipeline (its pending pipelines reject unhandled when it closes).
  const sub = redis.duplicate({ enableAutoPipelining: false });
  sub.on('messageBuffer', (_channel: Buffer, message: Buffer) => {
    if (message.length > own.length && message.compare(own, 0, own.length, 0, own.length) === 0) return;
    try {
      const batch = JSON.parse(message.toString('utf8')) as { pushes: Push[] };
      for (const push of batch.pushes) emitLocally(io, push);
    } catch (err) {
      logger.warn({ err }, 'realtime: unreadable push batch');
    }
  });
  await sub.subscribe(channel);
  return { realtime: serverRealtime(io, publisher), close: () => sub.quit().then(() => undefined, () => sub.disconnect()) };
}

/** Late binding: projections start before the HTTP server exists in some processes. */
export class SwitchableRealtime implements RealtimeControl {
  constructor(private target: RealtimeControl) {}
  use(target: RealtimeControl) {
    this.target = target;
  }
  emit<K extends ServerEventName>(room: string | string[], event: K, payload: Payload<K>, except?: string) {
    this.target.emit(room, event, payload, except);
  }
  disconnect(room: string | string[]) {
    this.target.disconnect(room);
  }
}

/**
 * Socket.IO's Redis adapter and our push publisher fire publishes without awaiting them (the adapter's
 * fetchSockets request, every push batch): one refused because the process is closing must not become an
 * unhandled rejection. Callers that await a publish still see it fail.
 */
export function handlePublishFailures(redis: Redis, logger: Logger) {
  const publish = redis.publish.bind(redis) as (...args: unknown[]) => Promise<number>;
  // cast: monkey-patches ioredis's overloaded publish with one variadic wrapper, which no overload's type matches
  (redis as unknown as { publish: typeof publish }).publish = (...args) => {
    const sent = publish(...args);
    sent.catch((err: unknown) => logger.debug({ err }, 'redis publish failed'));
    return sent;
  };
}
