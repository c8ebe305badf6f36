import { useEffect, useSyncExternalStore } from 'react';
import type { ClientToServerEvents, ServerToClientEvents } from '@contracts/realtime';
import type { Socket } from 'socket.io-client';

/** The app's connection, typed by the contracts' event maps shared with the server (src/contracts/realtime.ts). */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
declare const typing: AppSocket;
/** The listener of server event K, as socket.io-client's own `on` spells it (its contract's payload). */
type ServerListener<K extends keyof ServerToClientEvents> = Parameters<typeof typing.on<K>>[1];

/**
 * The one Socket.IO connection of the web app, opened while a user is signed in. The server authenticates it
 * with the httpOnly `aforo_token` cookie sent on the same-origin handshake. socket.io-client is loaded on
 * demand so anonymous pages do not download it. Spec: reconnection delay 1 s up to 5 s, unlimited attempts.
 */
let socket: AppSocket | null = null;
let connecting: Promise<AppSocket> | null = null;
let connected = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

export async function connectSocket(): Promise<AppSocket> {
  if (socket) return socket;
  if (!connecting) {
    connecting = import('socket.io-client').then(({ io }) => {
      const s: AppSocket = io({
        path: '/socket.io',
        withCredentials: true,
        reconnection: true,
        reconnectionDelay: 1000,
        reconnectionDelayMax: 5000,
        reconnectionAttempts: Infinity,
      });
      s.on('connect', () => {
        connected = true;
        notify();
      });
      s.on('disconnect', (reason) => {
        connected = false;
        notify();
        // The server closes the sockets of a session that ended (logout elsewhere, password change, account
        // deletion) and Socket.IO does not reconnect after that by itself. After a password change this tab's
        // cookie carries the fresh session: try once more a moment later (the change's answer sets the cookie);
        // when the session is really over, the handshake is refused and no further attempt follows.
        if (reason === 'io server disconnect') {
          setTimeout(() => {
            if (socket === s && !s.connected) s.connect();
          }, 1000);
        }
      });
      socket = s;
      notify();
      return s;
    });
  }
  return connecting;
}

export function disconnectSocket() {
  const s = socket;
  socket = null;
  connecting = null;
  connected = false;
  s?.removeAllListeners();
  s?.disconnect();
  notify();
}

/** The socket if one is open (null while signed out). */
export function currentSocket(): AppSocket | null {
  return socket;
}

/** Emits if connected; Socket.IO buffers while reconnecting. Returns false when there is no socket. */
export function emitSocket<K extends keyof ClientToServerEvents>(event: K, ...args: Parameters<ClientToServerEvents[K]>): boolean {
  if (!socket) return false;
  socket.emit(event, ...args);
  return true;
}

/** The answer type of client event K's acknowledgement callback. */
type AckOf<K extends keyof ClientToServerEvents> = Parameters<ClientToServerEvents[K]> extends [unknown, ((answer: infer A) => void)?] ? A : never;

/**
 * Emits with an acknowledgement and waits for it: null when the socket is not connected right now (nothing is
 * buffered for a later reconnect) or no answer came within `timeoutMs`. A late answer is dropped, so the
 * caller may retry over another path; the payload must make that retry harmless (a client-made id).
 */
export function requestSocket<K extends keyof ClientToServerEvents>(
  event: K,
  payload: Parameters<ClientToServerEvents[K]>[0],
  timeoutMs: number,
): Promise<AckOf<K> | null> {
  const s = socket;
  if (!s?.connected) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs);
    const ack = (answer: AckOf<K>) => {
      clearTimeout(timer);
      resolve(answer);
    };
    s.emit(event, ...([payload, ack] as unknown as Parameters<ClientToServerEvents[K]>));
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Calls `listener` whenever the socket is created, closed, connects or disconnects. Returns the unsubscribe. */
export function onSocketChange(listener: () => void): () => void {
  const off = subscribe(listener);
  return () => void off();
}

/** `true` while the socket is connected (spec: disconnect sets internet false; reconnect sets it true). */
export function useSocketConnected(): boolean {
  return useSyncExternalStore(subscribe, () => connected, () => false);
}

/** The current socket instance, re-rendering when it is created or closed. */
export function useSocket(): AppSocket | null {
  return useSyncExternalStore(subscribe, () => socket, () => null);
}

/**
 * Subscribes `handler` to a server event for the lifetime of the component (and of the socket). Keep
 * `handler` stable (useCallback) or it re-subscribes on every render.
 */
export function useSocketEvent<K extends keyof ServerToClientEvents>(event: K, handler: ServerListener<K>) {
  const s = useSocket();
  useEffect(() => {
    if (!s) return;
    s.on(event, handler);
    return () => {
      s.off(event, handler);
    };
  }, [s, event, handler]);
}
