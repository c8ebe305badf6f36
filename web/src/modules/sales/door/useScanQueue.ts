import { MAX_BATCH_SCANS, type ScanAnswer, type ScanItem } from '@contracts/sales-checkin';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiErrorStatus } from '../../../app/api';
import { useScanBatchMutation } from './api';

/**
 * The door's offline queue: scans made without a connection are kept in this device's localStorage (per event),
 * each with its scan id (the nonce that makes a re-sent scan answer the same) and the time it was made, and sent
 * together (POST checkin/batch) when the browser is back online, then retried with a growing pause (1 s up to a
 * minute) while they fail. The answers of the last syncs are kept so the door sees the conflicts.
 */
const queueKey = (eventId: string) => `aforo.door.queue.${eventId}`;
const resultsKey = (eventId: string) => `aforo.door.synced.${eventId}`;
/** Answers of earlier syncs kept for the list (newest first). */
const KEPT_RESULTS = 100;
const MAX_RETRY_MS = 60_000;

function read<T>(key: string): T[] {
  try {
    const v = JSON.parse(localStorage.getItem(key) ?? '[]') as unknown;
    return Array.isArray(v) ? (v as T[]) : [];
  } catch {
    return [];
  }
}
function write(key: string, value: unknown[]) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or disabled: the queue still lives in memory for this page */
  }
}

export interface ScanQueue {
  pending: ScanItem[];
  /** Answers of the last syncs, newest first. */
  results: ScanAnswer[];
  syncing: boolean;
  /** Seconds until the next retry after a failed sync (null: none planned). */
  retryIn: number | null;
  /** How many scans the last successful sync sent. */
  lastSynced: number | null;
  enqueue(item: ScanItem): void;
  syncNow(): void;
  clearResults(): void;
}

export function useScanQueue(eventId: string): ScanQueue {
  const [pending, setPending] = useState<ScanItem[]>(() => read<ScanItem>(queueKey(eventId)));
  const [results, setResults] = useState<ScanAnswer[]>(() => read<ScanAnswer>(resultsKey(eventId)));
  const [syncing, setSyncing] = useState(false);
  const [retryIn, setRetryIn] = useState<number | null>(null);
  const [lastSynced, setLastSynced] = useState<number | null>(null);
  const [sendBatch] = useScanBatchMutation();
  const busy = useRef(false);
  const attempt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    setPending(read<ScanItem>(queueKey(eventId)));
    setResults(read<ScanAnswer>(resultsKey(eventId)));
  }, [eventId]);

  const sync = useCallback(async () => {
    if (busy.current) return;
    // Read from storage: another tab of the same door may have queued or sent scans meanwhile.
    const queued = read<ScanItem>(queueKey(eventId));
    setPending(queued);
    if (!queued.length || !navigator.onLine) return;
    busy.current = true;
    setSyncing(true);
    clearTimeout(timer.current);
    setRetryIn(null);
    const batch = queued.slice(0, MAX_BATCH_SCANS);
    try {
      const { results: answers } = await sendBatch({ eventId, scans: batch }).unwrap();
      const sent = new Set(batch.map((s) => s.scanId));
      const left = read<ScanItem>(queueKey(eventId)).filter((s) => !sent.has(s.scanId));
      write(queueKey(eventId), left);
      setPending(left);
      const kept = [...[...answers].reverse(), ...read<ScanAnswer>(resultsKey(eventId))].slice(0, KEPT_RESULTS);
      write(resultsKey(eventId), kept);
      setResults(kept);
      setLastSynced(batch.length);
      attempt.current = 0;
      busy.current = false;
      setSyncing(false);
      if (left.length) void sync();
      return;
    } catch (error) {
      const status = apiErrorStatus(error);
      // A request the server refuses as such (400) would fail forever: keep its scans out of the queue, in the list.
      if (status === 400) {
        const sent = new Set(batch.map((s) => s.scanId));
        const left = read<ScanItem>(queueKey(eventId)).filter((s) => !sent.has(s.scanId));
        write(queueKey(eventId), left);
        setPending(left);
      } else {
        attempt.current += 1;
        const wait = Math.min(MAX_RETRY_MS, 1000 * 2 ** (attempt.current - 1));
        setRetryIn(Math.round(wait / 1000));
        timer.current = setTimeout(() => void sync(), wait);
      }
    }
    busy.current = false;
    setSyncing(false);
  }, [eventId, sendBatch]);

  useEffect(() => {
    const online = () => {
      attempt.current = 0;
      void sync();
    };
    window.addEventListener('online', online);
    if (navigator.onLine) void sync();
    return () => {
      window.removeEventListener('online', online);
      clearTimeout(timer.current);
    };
  }, [sync]);

  const enqueue = useCallback(
    (item: ScanItem) => {
      const next = [...read<ScanItem>(queueKey(eventId)), item];
      write(queueKey(eventId), next);
      setPending(next);
      // Queued while online (the request failed on the way): try again shortly rather than wait for an event.
      if (navigator.onLine && !busy.current) {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => void sync(), 1000);
      }
    },
    [eventId, sync],
  );

  const clearResults = useCallback(() => {
    write(resultsKey(eventId), []);
    setResults([]);
  }, [eventId]);

  return { pending, results, syncing, retryIn, lastSynced, enqueue, syncNow: () => void sync(), clearResults };
}
