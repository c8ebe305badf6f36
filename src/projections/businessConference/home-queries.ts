import type { Kysely } from 'kysely';
import { DEFAULT_TOUR, type HomeSettingsDto, type TourFlags } from '../../contracts/businessConference-home.js';
import type { DB } from '../../db/schema.js';
import { iso } from '../../db/dates.js';
import { reminderSettingsDecider } from '../../domain/businessConference/reminder-settings.js';

/** The only readers of the home area's tables (other areas call these). */

/** A user's tour flags (true: still to show); every flag true before the first answer. */
export async function tourOf(db: Kysely<DB>, userId: string): Promise<TourFlags> {
  const row = await db.selectFrom('bc_tours').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row) return structuredClone(DEFAULT_TOUR);
  return { offer: { module: row.offer_module, productCatalogue: row.offer_product_catalogue }, demand: { module: row.demand_module } };
}

const offsetsOf = (v: number[] | string): number[] => (typeof v === 'string' ? (JSON.parse(v) as number[]) : v);

/** An event's reminders and support contact (the defaults until the organizer saves). */
export async function homeSettingsOf(db: Kysely<DB>, eventId: string): Promise<HomeSettingsDto> {
  const row = await db.selectFrom('bc_home_settings').selectAll().where('event_id', '=', eventId).executeTakeFirst();
  if (!row) {
    const d = reminderSettingsDecider.initialState();
    return { eventId, offsets: d.offsets, email: d.email, supportPhone: null, supportEmail: null, version: -1, updatedAt: null };
  }
  return {
    eventId,
    offsets: offsetsOf(row.offsets),
    email: row.email,
    supportPhone: row.support_phone,
    supportEmail: row.support_email,
    version: row.version,
    updatedAt: iso(row.updated_at),
  };
}

/** Several events' settings at once (the participant's home spans rounds of many events). */
export async function homeSettingsOfEvents(db: Kysely<DB>, eventIds: string[]): Promise<Map<string, HomeSettingsDto>> {
  const out = new Map<string, HomeSettingsDto>();
  for (const id of [...new Set(eventIds)]) out.set(id, await homeSettingsOf(db, id));
  return out;
}
