import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { CodeAvailability } from '../../contracts/events.js';
import { EVENT_CODE_SCOPE, eventStreamId } from '../../domain/events/event.js';
import { messages } from '../../messages/es.js';

/**
 * Stream holding an eventCode, or null. With the PostgreSQL store the reservation rows themselves are read
 * (es_reservations lives in the read-model database), so a code is known taken from the commit of the append
 * that reserved it and free again from the commit that released it. KurrentDB keeps reservations in hashed
 * streams; there the events read model answers (it trails the log by a projection batch).
 */
async function codeHolder(ctx: AppContext, code: string): Promise<string | null> {
  if (ctx.store.kind === 'postgres') {
    const { rows } = await sql<{ stream_id: string }>`
      SELECT stream_id FROM es_reservations WHERE scope = ${EVENT_CODE_SCOPE} AND value = ${code}`.execute(ctx.db);
    return rows[0]?.stream_id ?? null;
  }
  const row = await ctx.db.selectFrom('events').select('id').where('event_code', '=', code).executeTakeFirst();
  return row ? eventStreamId(row.id) : null;
}

/** Whether `code` is free for a new event, or for the event `eventId` (whose own code is free for it). */
export async function codeAvailability(ctx: AppContext, code: string, eventId?: string): Promise<{ data: CodeAvailability }> {
  const holder = await codeHolder(ctx, code);
  const available = holder === null || (eventId !== undefined && holder === eventStreamId(eventId));
  return { data: { code, available, messagePublic: available ? null : messages.events.codeTaken } };
}
