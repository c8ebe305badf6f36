import { useSyncExternalStore } from 'react';

/**
 * Messages written while the socket is down (or whose send has not been answered yet). They live in
 * localStorage, per signed-in user, so a reload never loses them; each keeps its client-made id, so a resend
 * after a reconnect can never create a second message on the server.
 */
export interface OutboxEntry {
  /** Client-made message id (crypto.randomUUID), sent as `id` in POST chatMessage's query. */
  id: string;
  _room: string;
  _participant: string;
  publicUserId: string;
  message: string;
  /** ISO time the user pressed send; orders resends. */
  saveDate: string;
  /** The sender (the signed-in user), so pending messages render on the right side. */
  sender: string;
}

const EMPTY: OutboxEntry[] = [];
const keyFor = (userId: string) => `aforo.chat.outbox.${userId}`;

let owner: string | null = null;
let entries: OutboxEntry[] = EMPTY;
const listeners = new Set<() => void>();

function read(userId: string): OutboxEntry[] {
  try {
    const raw = localStorage.getItem(keyFor(userId));
    const parsed = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(parsed) ? (parsed as OutboxEntry[]).filter((e) => e && typeof e.id === 'string' && typeof e.message === 'string') : [];
  } catch {
    return [];
  }
}

function write() {
  if (!owner) return;
  try {
    if (entries.length) localStorage.setItem(keyFor(owner), JSON.stringify(entries));
    else localStorage.removeItem(keyFor(owner));
  } catch {
    // Storage full or disabled: the message still lives in memory until sent.
  }
  listeners.forEach((l) => l());
}

/** Loads the outbox of the signed-in user (null when signed out). */
export function openOutbox(userId: string | null) {
  if (owner === userId) return;
  owner = userId;
  entries = userId ? read(userId) : EMPTY;
  listeners.forEach((l) => l());
}

export function outboxEntries(): OutboxEntry[] {
  return entries;
}

export function addToOutbox(entry: OutboxEntry) {
  if (entries.some((e) => e.id === entry.id)) return;
  entries = [...entries, entry].sort((a, b) => a.saveDate.localeCompare(b.saveDate));
  write();
}

export function removeFromOutbox(id: string) {
  if (!entries.some((e) => e.id === id)) return;
  entries = entries.filter((e) => e.id !== id);
  write();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab of the same user may send or queue messages.
  const onStorage = (ev: StorageEvent) => {
    if (owner && ev.key === keyFor(owner)) {
      entries = read(owner);
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useOutbox(): OutboxEntry[] {
  return useSyncExternalStore(subscribe, () => entries, () => EMPTY);
}
