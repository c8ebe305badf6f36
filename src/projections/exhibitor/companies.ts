import { COMPANY_EVENT_TYPES, type CompanyEvent, type CompanyProfile } from '../../domain/exhibitor/company.js';
import { invitationMailJob } from '../../workers/exhibitor/invitation-mail.js';
import { defineProjection } from '../projection.js';

const profileColumns = (p: CompanyProfile) => ({
  ruc: p.ruc,
  name: p.name,
  sector: p.sector,
  quantity_exhibitors: p.quantityExhibitors,
  quantity_speakers: p.quantitySpeakers,
});

/**
 * `exhibitor.companies`: one row per exhibitor company (exhibitor_companies). `version` follows the stream's event
 * count so that the DTO's version is what expectedVersion compares with.
 */
export const companiesProjection = defineProjection<CompanyEvent>({
  name: 'exhibitor.companies',
  eventTypes: COMPANY_EVENT_TYPES,
  async handle(events, ctx) {
    for (const e of events) {
      const at = e.data.at;
      switch (e.type) {
        case 'exhibitor.CompanyRegistered':
          await ctx.trx
            .insertInto('exhibitor_companies')
            .values({ id: e.data.companyId, event_id: e.data.eventId, ...profileColumns(e.data.profile), logo_url: null, used_exhibitors: 0, used_speakers: 0, version: 1, created_at: at, updated_at: at })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        case 'exhibitor.CompanyChanged':
          await ctx.trx
            .updateTable('exhibitor_companies')
            .set((eb) => ({ ...profileColumns(e.data.profile), version: eb('version', '+', 1), updated_at: at }))
            .where('id', '=', e.data.companyId)
            .execute();
          break;
        case 'exhibitor.CompanyLogoChanged':
          await ctx.trx
            .updateTable('exhibitor_companies')
            .set((eb) => ({ logo_url: e.data.logoUrl, version: eb('version', '+', 1), updated_at: at }))
            .where('id', '=', e.data.companyId)
            .execute();
          break;
        case 'exhibitor.InvitationSent': {
          const d = e.data;
          const inserted = await ctx.trx
            .insertInto('exhibitor_invitations')
            .values({ id: d.invitationId, company_id: d.companyId, event_id: d.eventId, kind: d.kind, email_hash: d.emailHash, email_cipher: d.emailCipher, status: 'pending', user_id: null, invited_by: d.by, invited_at: at, accepted_at: null })
            .onConflict((oc) => oc.column('id').doNothing())
            .executeTakeFirst();
          const column = d.kind === 'exhibitor' ? 'used_exhibitors' : d.kind === 'speaker' ? 'used_speakers' : null;
          await ctx.trx
            .updateTable('exhibitor_companies')
            .set((eb) => ({ ...(column && Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 ? { [column]: eb(column, '+', 1) } : {}), version: eb('version', '+', 1), updated_at: at }))
            .where('id', '=', d.companyId)
            .execute();
          if (!ctx.replaying) ctx.afterCommit(({ jobs }) => jobs.enqueue(invitationMailJob, { invitationId: d.invitationId }, e.eventId));
          break;
        }
        case 'exhibitor.InvitationAccepted':
          await ctx.trx.updateTable('exhibitor_invitations').set({ status: 'accepted', user_id: e.data.userId, accepted_at: at }).where('id', '=', e.data.invitationId).execute();
          await ctx.trx
            .updateTable('exhibitor_companies')
            .set((eb) => ({ version: eb('version', '+', 1), updated_at: at }))
            .where('id', '=', e.data.companyId)
            .execute();
          break;
      }
    }
  },
  async reset(trx) {
    await trx.deleteFrom('exhibitor_companies').execute();
    await trx.deleteFrom('exhibitor_invitations').execute();
  },
});
