import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { client, createEvent, organizer, settle, ticketBody, useEventsNode, type Client } from './helpers.js';

/** GET /searchEvent as the web's search page calls it: partial words, no accents, typos, best matches first. */
describe('event search: partial words without accents, one-letter typos, best matches first', () => {
  const t = useEventsNode();
  const ids: Record<string, string> = {};

  async function published(a: Client, key: string, over: Record<string, unknown>) {
    const ev = await createEvent(a, over);
    expect((await a.post(`/event/${ev.data._id}/ticket`, ticketBody())).status).toBe(201);
    const pub = await a.put(`/event/${ev.data._id}`, { published: true });
    expect(pub.status).toBe(200);
    ids[key] = ev.data._id;
    return pub.body.position as string;
  }

  beforeAll(async () => {
    const a = await organizer(t.node.url);
    await published(a, 'feria', { eventName: 'Feria Gastronómica', venue: 'Parque de la Exposición, Lima', description: 'Lo mejor de la cocina peruana' });
    await published(a, 'andina', { eventName: 'Gastronomía Andina', venue: 'Cusco', description: 'Sabores de los Andes' });
    await published(a, 'tapas', { eventName: 'Noche de Tapas', venue: 'Barranco', description: 'Una velada gastronómica con tapas españolas' });
    const last = await published(a, 'jazz', { eventName: 'Festival de Jazz', venue: 'Miraflores', description: 'Música en vivo' });
    // A draft never shows up, however well it matches.
    const draft = await createEvent(a, { eventName: 'Feria Gastronómica Secreta' });
    ids.draft = draft.data._id;
    await settle(t, last);
    await settle(t, draft.position);
  });

  async function search(q: string) {
    const res = await client(t.node.url).get(`/searchEvent?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    const found = (res.body.data as { _id: string }[]).map((e) => Object.keys(ids).find((k) => ids[k] === e._id));
    expect(res.body.total).toBe(found.length);
    return found;
  }

  it('"gastro" and "gastronomi" (partial, no accent) find the name prefix first, then the word in a name, then the description', async () => {
    expect(await search('gastro')).toEqual(['andina', 'feria', 'tapas']);
    expect(await search('gastronomi')).toEqual(['andina', 'feria', 'tapas']);
  });

  it('"gastronomica" (no accent) puts the event whose name has the word first, the description next, the near word last', async () => {
    const found = await search('gastronomica');
    expect(found.slice(0, 2)).toEqual(['feria', 'tapas']);
    expect(found).not.toContain('jazz');
    expect(found).not.toContain('draft');
    // Typed with its accent, the same order.
    expect(await search('Gastronómica')).toEqual(found);
  });

  it('a one-letter typo ("gastronmica", "gastrnomica") still finds "Feria Gastronómica", first', async () => {
    for (const q of ['gastronmica', 'gastrnomica']) {
      const found = await search(q);
      expect(found[0], q).toBe('feria');
      expect(found, q).not.toContain('jazz');
    }
  });

  it('several words narrow the search; short words and stems are still understood', async () => {
    expect(await search('feria gastro')).toEqual(['feria']);
    expect(await search('gastronomia de los andes')).toEqual(['andina']);
    expect(await search('ferias')).toEqual(['feria']);
    expect((await search('jazz miraflores'))[0]).toBe('jazz');
  });

  it('a nonsense word finds nothing', async () => {
    expect(await search('xqzvwk')).toEqual([]);
    const res = await client(t.node.url).get(`/searchEvent?q=zzzzqq`);
    expect(res.body).toEqual({ data: [], total: 0 });
  });

  it('the trigram arm is answered by the index of migration 0205 (the expression the query names matches it)', async () => {
    // On a handful of rows the planner rightly prefers the (published, start_date) index; without it (dropped
    // inside the transaction, rolled back) the trigram index must be the one that answers.
    class RolledBack extends Error {}
    let plan = '';
    await t.ctx.db
      .transaction()
      .execute(async (trx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        await sql`DROP INDEX events_published_start`.execute(trx);
        const r = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT id FROM events WHERE published = true
            AND lower(aforo_unaccent(${'gastronmica'})) <% aforo_event_search_text(event_name, event_code, venue, description)`.execute(trx);
        plan = r.rows.map((x) => x['QUERY PLAN']).join('\n');
        throw new RolledBack();
      })
      .catch((e: unknown) => {
        if (!(e instanceof RolledBack)) throw e;
      });
    expect(plan).toContain('events_search_trgm');
  });
});
