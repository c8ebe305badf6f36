/** Readers behind the campaigns' audiences: the organizer's contacts by filter, by id or by e-mail, and opt-outs. */
import type { Kysely } from 'kysely';
import type { AudienceFilter } from '../../contracts/contacts-audience.js';
import type { ContactDto, CustomField } from '../../contracts/contacts.js';
import type { DB } from '../../db/schema.js';
import type { ContactProfile } from '../../domain/contacts/contact.js';
import { isoReq } from '../../db/dates.js';
import { contactsGrid } from './queries.js';

export const AUDIENCE_MAX = 100_000;

export type AudienceContact = Pick<ContactDto, '_id' | 'name' | 'email' | 'phone' | 'consent' | 'fields'>;

/** Every contact the contacts grid shows for this filter and search (the same filter model), oldest first. */
export async function contactsByFilter(db: Kysely<DB>, clientId: string, fields: CustomField[], filter: AudienceFilter): Promise<AudienceContact[]> {
  const res = await contactsGrid(db, clientId, fields, { ...filter, page: 0, pageSize: AUDIENCE_MAX, sortField: 'createdAt', sortOrder: 'asc' });
  return res.rows;
}

const fromRow = (r: { id: string; name: string; email: string | null; phone: string | null; profile: unknown }): AudienceContact => {
  const p = r.profile as ContactProfile;
  return { _id: r.id, name: r.name, email: r.email, phone: r.phone, consent: p.consent, fields: p.fields };
};

/** The organizer's contacts among these ids (another organizer's ids are simply not found). */
export async function contactsByIds(db: Kysely<DB>, clientId: string, ids: string[]): Promise<AudienceContact[]> {
  const out: AudienceContact[] = [];
  for (let i = 0; i < ids.length; i += 10_000) {
    const rows = await db
      .selectFrom('contacts_contacts')
      .select(['id', 'name', 'email', 'phone', 'profile', 'created_at'])
      .where('client_id', '=', clientId)
      .where('id', 'in', ids.slice(i, i + 10_000))
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    out.push(...rows.map(fromRow));
  }
  return out;
}

/** The organizer's contacts by lower-cased e-mail. */
export async function contactsByEmails(db: Kysely<DB>, clientId: string, emails: string[]): Promise<Map<string, AudienceContact>> {
  const out = new Map<string, AudienceContact>();
  for (let i = 0; i < emails.length; i += 10_000) {
    const rows = await db
      .selectFrom('contacts_contacts')
      .select(['id', 'name', 'email', 'phone', 'profile'])
      .where('client_id', '=', clientId)
      .where('email', 'in', emails.slice(i, i + 10_000))
      .execute();
    for (const r of rows) out.set(String(r.email).toLowerCase(), fromRow(r));
  }
  return out;
}

/** One contact with its version (the subscription page). */
export async function contactForSubscription(db: Kysely<DB>, contactId: string) {
  const r = await db.selectFrom('contacts_contacts').select(['id', 'client_id', 'name', 'email', 'phone', 'profile', 'version']).where('id', '=', contactId).executeTakeFirst();
  return r ? { ...fromRow(r), clientId: r.client_id, version: r.version } : null;
}

/** Opt-outs (one-click unsubscribes) of the organizer for a channel, by address, with their date. */
export async function optOutsByAddress(db: Kysely<DB>, clientId: string, channel: string, addresses: string[]): Promise<Map<string, string>> {
  if (addresses.length === 0) return new Map();
  const out = new Map<string, string>();
  for (let i = 0; i < addresses.length; i += 10_000) {
    const rows = await db
      .selectFrom('contacts_campaign_optouts')
      .select(['address', 'at'])
      .where('client_id', '=', clientId)
      .where('channel', '=', channel)
      .where('address', 'in', addresses.slice(i, i + 10_000))
      .execute();
    for (const r of rows) out.set(r.address, isoReq(r.at));
  }
  return out;
}
