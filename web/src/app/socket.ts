import { useEffect, useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';

/**
 * The one Socket.IO connection of the web app, opened while a user is signed in. The server authenticates it
 * with the httpOnly `aforo_token` cookie sent on the same-origin handshake. socket.io-client is loaded on
 * demand so anonymous pages do not download it. Spec: reconnection delay 1 s up to 5 s, unlimited attempts.
 */
let socket: Socket | null = null;
let connecting: Promise<Socket> | null = null;
let connected = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

export async function connectSocket(): Promise<Socket> {
  if (socket) return socket;
  if (!connecting) {
    connecting = import('socket.io-client').then(({ io }) => {
      const s = io({
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
export function currentSocket(): Socket | null {
  return socket;
}

/** Emits if connected; Socket.IO buffers while reconnecting. Returns false when there is no socket. */
export function emitSocket(event: string, ...args: unknown[]): boolean {
  if (!socket) return false;
  socket.emit(event, ...args);
  return true;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `true` while the socket is connected (spec: disconnect sets internet false; reconnect sets it true). */
export function useSocketConnected(): boolean {
  return useSyncExternalStore(subscribe, () => connected, () => false);
}

/** The current socket instance, re-rendering when it is created or closed. */
export function useSocket(): Socket | null {
  return useSyncExternalStore(subscribe, () => socket, () => null);
}

/**
 * Subscribes `handler` to a server event for the lifetime of the component (and of the socket). Keep
 * `handler` stable (useCallback) or it re-subscribes on every render.
 */
export function useSocketEvent<T extends unknown[] = unknown[]>(event: string, handler: (...args: T) => void) {
  const s = useSocket();
  useEffect(() => {
    if (!s) return;
    const h = handler as (...args: unknown[]) => void;
    s.on(event, h);
    return () => {
      s.off(event, h);
    };
  }, [s, event, handler]);
}
