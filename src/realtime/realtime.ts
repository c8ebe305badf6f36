import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Server } from 'socket.io';

/** Pushes to Socket.IO rooms from any process (API or worker). Rooms: `user:<id>`, `chat-room:<id>`, ... */
export interface Realtime {
  /** `except`: a socket id (every socket is in a room of its own id) left out, e.g. the sender's connection. */
  emit(room: string | string[], event: string, payload: unknown, except?: string): void;
}

export const userRoom = (userId: string) => `user:${userId}`;

/** In the API process: through the server (its Redis adapter reaches the other nodes). */
export function serverRealtime(io: Server): Realtime {
  return { emit: (room, event, payload, except) => void (except ? io.to(room).except(except) : io.to(room)).emit(event, payload) };
}

/** In a worker process without a Socket.IO server: publish through Redis to every node. */
export function emitterRealtime(redis: Redis, key: string): Realtime {
  const emitter = new Emitter(redis, { key });
  return {
    emit: (room, event, payload, except) => void (except ? emitter.to(room).except(except) : emitter.to(room)).emit(event, payload),
  };
}

/** Late binding: projections start before the HTTP server exists in some processes. */
export class SwitchableRealtime implements Realtime {
  constructor(private target: Realtime) {}
  use(target: Realtime) {
    this.target = target;
  }
  emit(room: string | string[], event: string, payload: unknown, except?: string) {
    this.target.emit(room, event, payload, except);
  }
}

/**
 * Socket.IO's Redis adapter and emitter fire some publishes without handling their failure (the adapter's
 * fetchSockets request, every emitter push): one refused because the process is closing must not become an
 * unhandled rejection. Callers that await a publish still see it fail.
 */
export function handlePublishFailures(redis: Redis, logger: Logger) {
  const publish = redis.publish.bind(redis) as (...args: unknown[]) => Promise<number>;
  (redis as unknown as { publish: typeof publish }).publish = (...args) => {
    const sent = publish(...args);
    sent.catch((err: unknown) => logger.debug({ err }, 'redis publish failed'));
    return sent;
  };
}
