/**
 * Read-your-writes for one area's calls: every write answers an event-store position; the tracker keeps the last
 * one and the reads that follow carry it (`params: after(...)`, `?after=<position>`) so the server waits until its
 * read models include the write. Each call makes its own tracker, so every area keeps its own last position.
 */
export function readYourWrites() {
  let lastPosition: string | null = null;
  const keep = (position: unknown) => {
    if (typeof position === 'string' && position) lastPosition = position;
  };
  const positionOf = (r: unknown) => (r as { position?: unknown } | null)?.position;
  return {
    /** The read's params with `after` once a write was made. */
    after: <T extends Record<string, unknown>>(params?: T): T & { after?: string } => (lastPosition ? { ...(params ?? ({} as T)), after: lastPosition } : { ...(params ?? ({} as T)) }),
    /** Keeps a position known otherwise (a socket push about a write). */
    keep,
    /** The last write's position, for reads the caller makes itself. */
    last: () => lastPosition,
    /**
     * From a mutation's `onQueryStarted`: keeps the answer's position once it arrives. Too late for the refetches of
     * the mutation's own `invalidatesTags` (RTK Query starts them before `queryFulfilled` resolves): those need
     * `response`; this is for writes that patch the cache themselves.
     */
    async remember(queryFulfilled: Promise<{ data: unknown }>) {
      try {
        keep(positionOf((await queryFulfilled).data));
      } catch {
        /* the caller shows the error */
      }
    },
    /**
     * From a mutation's `transformResponse`: keeps the position before anyone sees the answer (before its tags are
     * invalidated, so the refetches they start already wait for this write), and answers it unchanged.
     */
    response<T>(r: unknown): T {
      keep(positionOf(r));
      return r as T;
    },
  };
}

/** One URL path segment. */
export const seg = (v: string) => encodeURIComponent(v);
