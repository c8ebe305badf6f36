import { useCallback, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import { ModuleAreaContext } from '../../events/area/context';
import { useRoundsQuery, type RoundWithRole } from './api';

/**
 * The toolbar's round selector state (spec 2 "Layouts and toolbars", spec 4): the round chosen per event, kept in
 * localStorage so it survives reloads; when none was chosen (or the chosen one is gone) the event's first round is
 * the current one. The current round id is also what module-area calls send as the `businessconference` header
 * (`roundHeaders()`).
 */
const KEY = (eventId: string) => `bc.round.${eventId}`;
const listeners = new Set<() => void>();
let version = 0;
/** The round the module area shows now (set by the hook of the mounted toolbar / pages). */
let currentRoundId: string | null = null;

function read(eventId: string): string | null {
  try {
    return localStorage.getItem(KEY(eventId));
  } catch {
    return null;
  }
}

function write(eventId: string, roundId: string) {
  try {
    localStorage.setItem(KEY(eventId), roundId);
  } catch {
    /* private mode: the choice lasts for this page only */
  }
  memory.set(eventId, roundId);
  version++;
  listeners.forEach((l) => l());
}
const memory = new Map<string, string>();

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The `businessconference` header of the round shown now (empty when there is none). */
export function roundHeaders(): Record<string, string> {
  return currentRoundId ? { businessconference: currentRoundId } : {};
}

/** The current round's id outside React (for RTK Query `query` functions). */
export function currentRound(): string | null {
  return currentRoundId;
}

export interface CurrentRound {
  /** Each round with the user's role in it (team role, or offer / demand / offer_demand). */
  round: RoundWithRole | null;
  rounds: RoundWithRole[];
  loading: boolean;
  select(roundId: string): void;
}

/**
 * The current round of an event (by default the module area's event; id or eventCode) and its rounds, those the
 * user may see (businessConferencesByPermission). `select` persists the choice for that event.
 */
export function useCurrentRound(eventIdArg?: string): CurrentRound {
  const area = useContext(ModuleAreaContext);
  const eventId = eventIdArg ?? area?.eventId;
  const { data, isLoading } = useRoundsQuery(eventId ?? '', { skip: !eventId });
  useSyncExternalStore(subscribe, () => version);
  const rounds = useMemo(() => (eventId && data ? data : []), [eventId, data]);
  // Stored by the event's id, whether the caller named the event by id or by code.
  const key = rounds[0]?.eventId ?? eventId;
  const stored = key ? (memory.get(key) ?? read(key)) : null;
  const round = rounds.find((r) => r._id === stored) ?? rounds[0] ?? null;

  useEffect(() => {
    currentRoundId = round?._id ?? null;
  }, [round?._id]);

  const select = useCallback(
    (roundId: string) => {
      if (key) write(key, roundId);
      currentRoundId = roundId;
    },
    [key],
  );
  return { round, rounds, loading: !!eventId && isLoading, select };
}
