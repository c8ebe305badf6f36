/**
 * Read-your-writes for one area's calls: saves answer an event-store position, `remember` keeps it (from the
 * mutation's `onQueryStarted`), and the reads that follow carry `params: after()` so the read model includes the
 * save. Each call makes its own tracker, so every area keeps its own last position.
 */
export function readYourWrites() {
  let lastPosition: string | null = null;
  const after = () => (lastPosition ? { after: lastPosition } : {});
  async function remember(queryFulfilled: Promise<{ data: { position: string | null } }>) {
    try {
      const { data } = await queryFulfilled;
      if (data.position) lastPosition = data.position;
    } catch {
      /* the page shows the error */
    }
  }
  return { after, remember };
}

/** One URL path segment. */
export const seg = (v: string) => encodeURIComponent(v);
