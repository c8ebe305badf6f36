// Read-your-writes in the web app's calls: the refetches that a write's `invalidatesTags` starts must already carry
// the write's position. RTK Query starts them while it handles the mutation's fulfilled action, before
// `queryFulfilled` resolves: a tracker fed from `onQueryStarted` (`remember`) is too late for them; one fed from
// `transformResponse` (`response`) is not. Under load the first kind read the read model before the projection
// caught up and showed a list without the item just saved (browser tests' "card never appears").
import { configureStore } from '@reduxjs/toolkit';
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query';
import { describe, expect, it } from 'vitest';
import { readYourWrites } from '../../web/src/app/readYourWrites.js';

type Args = { url: string; method?: string; params?: Record<string, unknown> };

function harness(mode: 'remember' | 'response') {
  const ryw = readYourWrites();
  const reads: Array<Record<string, unknown> | undefined> = [];
  let position = 0;
  const baseQuery: BaseQueryFn<Args, unknown, unknown> = async ({ method, params }) => {
    if (method === 'POST') return { data: { data: null, position: String(++position) } };
    reads.push(params);
    return { data: [] };
  };
  const api = createApi({
    baseQuery,
    tagTypes: ['Item'],
    endpoints: (b) => ({
      items: b.query<unknown[], void>({ query: () => ({ url: 'items', params: ryw.after() }), providesTags: ['Item'] }),
      save: b.mutation<{ position: string }, void>({
        query: () => ({ url: 'items', method: 'POST' }),
        ...(mode === 'remember'
          ? { onQueryStarted: (_a: void, { queryFulfilled }: { queryFulfilled: Promise<{ data: unknown }> }) => ryw.remember(queryFulfilled) }
          : { transformResponse: ryw.response<{ position: string }> }),
        invalidatesTags: ['Item'],
      }),
    }),
  });
  const store = configureStore({ reducer: { [api.reducerPath]: api.reducer }, middleware: (d) => d().concat(api.middleware) });
  return { api, store, reads };
}

async function saveAndRefetch(mode: 'remember' | 'response') {
  const { api, store, reads } = harness(mode);
  const list = store.dispatch(api.endpoints.items.initiate());
  await list;
  await store.dispatch(api.endpoints.save.initiate());
  await expect.poll(() => reads.length).toBe(2);
  list.unsubscribe();
  return reads;
}

describe('read-your-writes tracker with RTK Query tag invalidation', () => {
  it('given a list on screen, when a write fed through `response` invalidates it, then the refetch waits for that write', async () => {
    const reads = await saveAndRefetch('response');
    expect(reads[0]).toEqual({});
    expect(reads[1]).toEqual({ after: '1' });
  });

  it('given the same, when the position is kept in `onQueryStarted`, then the refetch has already left without it (why `response`)', async () => {
    const reads = await saveAndRefetch('remember');
    expect(reads[1]).toEqual({});
  });
});
