import type { EventStore, SubscribeOptions, Subscription } from './port.js';

/**
 * A catch-up subscription built on readAll and the store's append signal: reads in batches from the
 * checkpoint, then sleeps until the next append (or a slow poll, in case a notification was missed).
 */
export function catchUpSubscription(
  store: Pick<EventStore, 'readAll' | 'onAppend'>,
  options: SubscribeOptions,
  { batchSize = 500, pollMs = 1000 } = {},
): Subscription {
  let position = options.after ?? null;
  let stopped = false;
  let wake: (() => void) | null = null;
  const filter = options.eventTypes ? new Set(options.eventTypes) : null;
  // Counted as well as woken: a signal arriving while a read runs (no waiter yet) must not be lost.
  let signals = 0;
  const unsubscribe = store.onAppend(() => {
    signals++;
    wake?.();
  });

  let behindDelay = 0;
  const loop = (async () => {
    while (!stopped) {
      let wait = pollMs;
      const signalsBefore = signals;
      try {
        const { events, last, behind } = await store.readAll({ after: position, maxCount: batchSize });
        for (const event of events) {
          if (stopped) return;
          if (!filter || filter.has(event.type)) await options.handler(event);
          position = event.position;
        }
        if (events.length > 0) {
          position = last;
          behindDelay = 0;
          continue;
        }
        // Committed events wait behind an older open transaction: no notification will say when it ends.
        behindDelay = behind ? Math.min(Math.max(behindDelay * 2, 2), 50) : 0;
        if (behind) wait = behindDelay;
        if (signals !== signalsBefore) continue;
      } catch (err) {
        if (stopped) return;
        options.onError?.(err);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  })();

  return {
    get position() {
      return position;
    },
    async stop() {
      stopped = true;
      unsubscribe();
      wake?.();
      await loop;
    },
  };
}
