import type { ParticipantEvent, Company, ProductData } from '../../domain/businessConference/participant.js';
import { PARTICIPANT_EVENT_TYPES } from '../../domain/businessConference/participant.js';
import { foldText } from '../../contracts/businessConference-participants.js';
import { defineProjection } from '../projection.js';

/** The text the catalogue searches for a company: its name, sector, description and answers, accent-free. */
function participantSearch(company: Company, contactName: string, fields: Record<string, unknown>): string {
  const answers = Object.values(fields).flatMap((v) => (Array.isArray(v) ? v : [v])).filter((v) => typeof v === 'string' || typeof v === 'number');
  return foldText([company.name, company.sector, company.description, contactName, ...answers].join(' '));
}
const productSearch = (p: ProductData) => foldText([p.name, p.sector, p.description].join(' '));

const companyColumns = (c: Company) => ({
  company_name: c.name,
  company_ruc: c.ruc,
  company_sector: c.sector,
  company_logo_url: c.logoUrl,
  company_description: c.description,
});

/**
 * `businessConference.participants`: one row per participant of a round (company, contact, answers, status) and
 * one per offerer's product, each with its accent-free search text. Built from the participant streams alone.
 */
export const participantsProjection = defineProjection<ParticipantEvent>({
  name: 'businessConference.participants',
  eventTypes: PARTICIPANT_EVENT_TYPES,
  async handle(events, { trx }) {
    for (const e of events) {
      switch (e.type) {
        case 'businessConference.ParticipantRegistered': {
          const d = e.data;
          await trx
            .insertInto('bc_participants')
            .values({
              id: d.participantId,
              round_id: d.roundId,
              event_id: d.eventId,
              user_id: d.userId,
              type: d.type,
              status: 'pending',
              ...companyColumns(d.company),
              contact_name: d.contactName,
              email: d.email,
              phone: d.phone,
              fields: JSON.stringify(d.fields),
              search: participantSearch(d.company, d.contactName, d.fields),
              created_at: d.at,
              updated_at: d.at,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        }
        case 'businessConference.ParticipantProfileUpdated': {
          const d = e.data;
          await trx
            .updateTable('bc_participants')
            .set({
              ...companyColumns(d.company),
              contact_name: d.contactName,
              phone: d.phone,
              fields: JSON.stringify(d.fields),
              search: participantSearch(d.company, d.contactName, d.fields),
              updated_at: d.at,
            })
            .where('id', '=', d.participantId)
            .execute();
          break;
        }
        case 'businessConference.ParticipantApproved':
          await trx.updateTable('bc_participants').set({ status: 'approved', updated_at: e.data.at }).where('id', '=', e.data.participantId).execute();
          break;
        case 'businessConference.ParticipantRejected':
          await trx.updateTable('bc_participants').set({ status: 'rejected', updated_at: e.data.at }).where('id', '=', e.data.participantId).execute();
          break;
        case 'businessConference.ProductAdded': {
          const d = e.data;
          await trx
            .insertInto('bc_products')
            .values({
              id: d.productId,
              participant_id: d.participantId,
              round_id: d.roundId,
              name: d.name,
              description: d.description,
              sector: d.sector,
              image_url: d.imageUrl,
              search: productSearch(d),
              created_at: d.at,
              updated_at: d.at,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        }
        case 'businessConference.ProductUpdated': {
          const d = e.data;
          await trx
            .updateTable('bc_products')
            .set({ name: d.name, description: d.description, sector: d.sector, image_url: d.imageUrl, search: productSearch(d), updated_at: d.at })
            .where('id', '=', d.productId)
            .execute();
          break;
        }
        case 'businessConference.ProductRemoved':
          await trx.deleteFrom('bc_products').where('id', '=', e.data.productId).execute();
          break;
      }
    }
  },
  async reset(trx) {
    await trx.deleteFrom('bc_products').execute();
    await trx.deleteFrom('bc_participants').execute();
  },
});
