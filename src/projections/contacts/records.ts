import { sql, type Transaction } from 'kysely';
import { ERASED_VALUE } from '../../contracts/contacts-groups.js';
import type { DB } from '../../db/schema.js';
import type { CompanyEvent, CompanyProfile } from '../../domain/contacts/company.js';
import type { ContactEvent, ContactProfile } from '../../domain/contacts/contact.js';
import { applyChanges, flatten } from '../../domain/contacts/record.js';
import type { Recorded } from '../../eventstore/port.js';
import { defineProjection } from '../projection.js';

const json = (v: unknown) => JSON.stringify(v ?? null);

const contactColumns = (p: ContactProfile) => ({
  name: p.name,
  email: p.email,
  phone: p.phone,
  company_id: p.companyId,
  email_consent: p.consent.email?.status ?? null,
  whatsapp_consent: p.consent.whatsapp?.status ?? null,
  profile: json(p),
  fields: json(p.fields),
});
const companyColumns = (p: CompanyProfile) => ({ name: p.name, website: p.website, phone: p.phone, profile: json(p), fields: json(p.fields) });

type AuditBase = { client_id: string; entity: 'contact' | 'company'; entity_id: string; entity_name: string; by_user: string | null; at: string };

async function audit(trx: Transaction<DB>, e: Recorded<ContactEvent | CompanyEvent>, base: AuditBase, action: string, changes: [string | null, unknown, unknown][]) {
  const rows = changes.map(([field, before, after]) => ({
    id: `${e.eventId}:${field ?? ''}`,
    ...base,
    action,
    field,
    before: json(before),
    after: json(after),
  }));
  if (rows.length) await trx.insertInto('contacts_audit').values(rows).onConflict((oc) => oc.column('id').doNothing()).execute();
}

/**
 * `contacts.records`: the organizer's contacts and companies (deleted ones leave the tables) and the audit: one
 * row per changed field with who, when, before and after; a creation lists every field set, a deletion is one row.
 */
export const recordsProjection = defineProjection<ContactEvent | CompanyEvent>({
  name: 'contacts.records',
  eventTypes: [
    'contacts.ContactCreated',
    'contacts.ContactChanged',
    'contacts.ContactDeleted',
    'contacts.ContactErased',
    'contacts.ContactMerged',
    'contacts.CompanyCreated',
    'contacts.CompanyChanged',
    'contacts.CompanyDeleted',
  ],
  async handle(events, { trx }) {
    for (const e of events) {
      switch (e.type) {
        case 'contacts.ContactCreated': {
          const d = e.data;
          await trx
            .insertInto('contacts_contacts')
            .values({ id: d.contactId, client_id: d.clientId, ...contactColumns(d.profile), source: d.source ?? 'manual', version: e.streamVersion, created_at: d.at, updated_at: d.at })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          const base: AuditBase = { client_id: d.clientId, entity: 'contact', entity_id: d.contactId, entity_name: d.profile.name, by_user: d.by, at: d.at };
          await audit(trx, e, base, 'created', Object.entries(flatten(d.profile)).map(([k, v]) => [k, null, v]));
          break;
        }
        case 'contacts.ContactChanged': {
          const d = e.data;
          const row = await trx.selectFrom('contacts_contacts').select(['profile', 'version']).where('id', '=', d.contactId).executeTakeFirst();
          if (!row || row.version >= e.streamVersion) break;
          const profile = applyChanges(row.profile as ContactProfile, d.changes);
          await trx.updateTable('contacts_contacts').set({ ...contactColumns(profile), version: e.streamVersion, updated_at: d.at }).where('id', '=', d.contactId).execute();
          const base: AuditBase = { client_id: d.clientId, entity: 'contact', entity_id: d.contactId, entity_name: profile.name, by_user: d.by, at: d.at };
          const merged: [string | null, unknown, unknown][] = d.mergedFrom ? [['mergedFrom', null, d.mergedFrom]] : [];
          await audit(trx, e, base, d.mergedFrom ? 'merged' : 'changed', [...merged, ...Object.entries(d.changes).map(([k, c]): [string, unknown, unknown] => [k, c.before, c.after])]);
          break;
        }
        case 'contacts.ContactMerged': {
          // Merged into another contact: it leaves the grid; the audit says into which (id and name).
          const d = e.data;
          await trx.deleteFrom('contacts_contacts').where('id', '=', d.contactId).execute();
          await audit(trx, e, { client_id: d.clientId, entity: 'contact', entity_id: d.contactId, entity_name: d.name, by_user: d.by, at: d.at }, 'merged', [['mergedInto', null, `${d.intoName} (${d.into})`]]);
          break;
        }
        case 'contacts.ContactDeleted': {
          const d = e.data;
          await trx.deleteFrom('contacts_contacts').where('id', '=', d.contactId).execute();
          await audit(trx, e, { client_id: d.clientId, entity: 'contact', entity_id: d.contactId, entity_name: d.name, by_user: d.by, at: d.at }, 'deleted', [[null, null, null]]);
          break;
        }
        case 'contacts.ContactErased': {
          // The audit keeps who changed what and when; every value it holds of this contact reads as erased.
          const d = e.data;
          await trx.deleteFrom('contacts_contacts').where('id', '=', d.contactId).execute();
          await sql`UPDATE contacts_audit SET entity_name = ${ERASED_VALUE},
              before = CASE WHEN before IS NULL OR before = 'null'::jsonb THEN before ELSE to_jsonb(${ERASED_VALUE}::text) END,
              after = CASE WHEN after IS NULL OR after = 'null'::jsonb THEN after ELSE to_jsonb(${ERASED_VALUE}::text) END
            WHERE entity = 'contact' AND entity_id = ${d.contactId}`.execute(trx);
          await audit(trx, e, { client_id: d.clientId, entity: 'contact', entity_id: d.contactId, entity_name: ERASED_VALUE, by_user: d.by, at: d.at }, 'erased', [[null, null, null]]);
          break;
        }
        case 'contacts.CompanyCreated': {
          const d = e.data;
          await trx
            .insertInto('contacts_companies')
            .values({ id: d.companyId, client_id: d.clientId, ...companyColumns(d.profile), version: e.streamVersion, created_at: d.at, updated_at: d.at })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          const base: AuditBase = { client_id: d.clientId, entity: 'company', entity_id: d.companyId, entity_name: d.profile.name, by_user: d.by, at: d.at };
          await audit(trx, e, base, 'created', Object.entries(flatten(d.profile)).map(([k, v]) => [k, null, v]));
          break;
        }
        case 'contacts.CompanyChanged': {
          const d = e.data;
          const row = await trx.selectFrom('contacts_companies').select(['profile', 'version']).where('id', '=', d.companyId).executeTakeFirst();
          if (!row || row.version >= e.streamVersion) break;
          const profile = applyChanges(row.profile as CompanyProfile, d.changes);
          await trx.updateTable('contacts_companies').set({ ...companyColumns(profile), version: e.streamVersion, updated_at: d.at }).where('id', '=', d.companyId).execute();
          const base: AuditBase = { client_id: d.clientId, entity: 'company', entity_id: d.companyId, entity_name: profile.name, by_user: d.by, at: d.at };
          await audit(trx, e, base, 'changed', Object.entries(d.changes).map(([k, c]) => [k, c.before, c.after]));
          break;
        }
        case 'contacts.CompanyDeleted': {
          const d = e.data;
          await trx.deleteFrom('contacts_companies').where('id', '=', d.companyId).execute();
          await audit(trx, e, { client_id: d.clientId, entity: 'company', entity_id: d.companyId, entity_name: d.name, by_user: d.by, at: d.at }, 'deleted', [[null, null, null]]);
          break;
        }
      }
    }
  },
  async reset(trx) {
    await trx.deleteFrom('contacts_audit').execute();
    await trx.deleteFrom('contacts_contacts').execute();
    await trx.deleteFrom('contacts_companies').execute();
  },
});
