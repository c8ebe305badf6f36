import { CAMPAIGN_UPDATED_SOCKET_EVENT, type CampaignUpdatedPayload } from '../../contracts/contacts-campaigns.js';
import type { CampaignAudienceAdded, CampaignEvent, CampaignSenderSaved, ConsentWithdrawn } from '../../domain/contacts/campaign.js';
import type { DB } from '../../db/schema.js';
import { userRoom } from '../../realtime/realtime.js';
import { campaignEmailJob, campaignJobKey, campaignStartJob, campaignWhatsAppJob } from '../../workers/contacts/campaign-jobs.js';
import { defineProjection, type Projection } from '../projection.js';
import { findCampaign, queuedKeys } from './campaign-queries.js';

const STATUS: Partial<Record<CampaignEvent['type'], string>> = {
  'contacts.CampaignCreated': 'draft',
  'contacts.CampaignScheduled': 'scheduled',
  'contacts.CampaignStarted': 'running',
  'contacts.CampaignPaused': 'paused',
  'contacts.CampaignResumed': 'running',
  'contacts.CampaignCancelled': 'cancelled',
  'contacts.CampaignCompleted': 'completed',
};

/**
 * `contacts.campaigns`: one row per campaign and its frozen audience. Effects after the commit: a start or a
 * resume enqueues one job per recipient still without an outcome (keyed, so a batch applied twice adds nothing),
 * a schedule enqueues the start job due then, and every change is pushed to the organizer's user room.
 */
export const campaignsProjection = defineProjection<CampaignEvent | CampaignAudienceAdded>({
  name: 'contacts.campaigns',
  eventTypes: [
    'contacts.CampaignCreated',
    'contacts.CampaignAudienceAdded',
    'contacts.CampaignScheduled',
    'contacts.CampaignStarted',
    'contacts.CampaignPaused',
    'contacts.CampaignResumed',
    'contacts.CampaignCancelled',
    'contacts.CampaignProgressed',
    'contacts.CampaignCompleted',
  ],
  async handle(events, ctx) {
    const { trx } = ctx;
    const changed = new Map<string, { position: string; counts: CampaignUpdatedPayload['counts'] }>();
    for (const e of events) {
      const id = e.data.campaignId;
      switch (e.type) {
        case 'contacts.CampaignCreated': {
          const d = e.data;
          await trx
            .insertInto('contacts_campaigns')
            .values({
              id,
              client_id: d.clientId,
              channel: d.channel,
              sender_id: d.senderId,
              name: d.name,
              status: 'draft',
              content: JSON.stringify(d.content),
              recipient_count: d.recipientCount,
              created_by: d.createdBy,
              created_at: d.at,
              position: e.position,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        }
        case 'contacts.CampaignAudienceAdded':
          await trx
            .insertInto('contacts_campaign_recipients')
            .values(
              e.data.recipients.map((r) => ({
                campaign_id: id,
                recipient_key: r.key,
                contact_id: r.contactId,
                address: r.address,
                name: r.name,
                merge: JSON.stringify(r.merge),
                consent: r.consent,
                state: 'pending',
              })),
            )
            .onConflict((oc) => oc.columns(['campaign_id', 'recipient_key']).doNothing())
            .execute();
          continue;
        case 'contacts.CampaignScheduled': {
          await trx.updateTable('contacts_campaigns').set({ status: 'scheduled', scheduled_for: e.data.scheduledFor, position: e.position }).where('id', '=', id).execute();
          const { scheduledFor } = e.data;
          const delay = new Date(scheduledFor).getTime() - Date.now();
          ctx.afterCommit(({ jobs }) => jobs.enqueue(campaignStartJob, { campaignId: id, scheduledFor }, `${id}:${scheduledFor}`, { delay }));
          break;
        }
        case 'contacts.CampaignStarted': {
          await trx.updateTable('contacts_campaigns').set({ status: 'running', started_at: e.data.at, scheduled_for: null, position: e.position }).where('id', '=', id).execute();
          await trx.updateTable('contacts_campaign_recipients').set({ state: 'queued' }).where('campaign_id', '=', id).where('state', '=', 'pending').execute();
          const byReason = new Map<string, string[]>();
          for (const s of e.data.skipped) byReason.set(s.reason, [...(byReason.get(s.reason) ?? []), s.key]);
          for (const [reason, keys] of byReason) {
            for (let i = 0; i < keys.length; i += 5000) {
              await trx
                .updateTable('contacts_campaign_recipients')
                .set({ state: 'unsubscribed', skip_reason: reason })
                .where('campaign_id', '=', id)
                .where('recipient_key', 'in', keys.slice(i, i + 5000))
                .execute();
            }
          }
          await enqueueRun(ctx, trx, id, 0);
          break;
        }
        case 'contacts.CampaignResumed':
          await trx.updateTable('contacts_campaigns').set({ status: 'running', run: e.data.run, position: e.position }).where('id', '=', id).execute();
          await enqueueRun(ctx, trx, id, e.data.run);
          break;
        case 'contacts.CampaignProgressed':
          await trx.updateTable('contacts_campaigns').set({ counts: JSON.stringify(e.data.counts), position: e.position }).where('id', '=', id).execute();
          changed.set(id, { position: e.position, counts: e.data.counts });
          continue;
        case 'contacts.CampaignCompleted':
          await trx
            .updateTable('contacts_campaigns')
            .set({ status: 'completed', finished_at: e.data.at, counts: JSON.stringify(e.data.counts), position: e.position })
            .where('id', '=', id)
            .execute();
          changed.set(id, { position: e.position, counts: e.data.counts });
          continue;
        default: {
          const status = STATUS[e.type]!;
          await trx
            .updateTable('contacts_campaigns')
            .set({ status, position: e.position, ...(status === 'cancelled' ? { finished_at: e.data.at, scheduled_for: null } : {}) })
            .where('id', '=', id)
            .execute();
        }
      }
      changed.set(id, { position: e.position, counts: changed.get(id)?.counts ?? null });
    }
    if (ctx.replaying) return;
    for (const [id, { position, counts }] of changed) {
      const campaign = await findCampaign(trx, id);
      if (!campaign) continue;
      const { clientId, ...dto } = campaign;
      const payload: CampaignUpdatedPayload = { campaign: dto, counts, position };
      ctx.afterCommit(({ realtime }) => realtime.emit([userRoom(clientId)], CAMPAIGN_UPDATED_SOCKET_EVENT, payload));
    }
  },
  async reset(trx) {
    await trx.deleteFrom('contacts_campaign_recipients').execute();
    await trx.deleteFrom('contacts_campaigns').execute();
  },
});

/** After the batch commits: one job per queued recipient without an outcome, on the campaign's channel's queue. */
async function enqueueRun(ctx: Parameters<Projection['handle']>[1], trx: Parameters<Projection['reset']>[0], campaignId: string, run: number) {
  if (ctx.replaying) return;
  const campaign = await trx.selectFrom('contacts_campaigns').select('channel').where('id', '=', campaignId).executeTakeFirst();
  if (!campaign) return;
  const keys = await queuedKeys(trx, campaignId);
  const job = campaign.channel === 'whatsapp' ? campaignWhatsAppJob : campaignEmailJob;
  const items = keys.map((recipientKey) => ({ payload: { campaignId, recipientKey }, key: campaignJobKey(campaignId, recipientKey, run) }));
  ctx.afterCommit(async ({ jobs }) => {
    if (jobs.enqueueMany) await jobs.enqueueMany(job, items);
    else for (const i of items) await jobs.enqueue(job, i.payload, i.key);
  });
}

/** `contacts.campaign-senders`: e-mail and WhatsApp senders (the secret stays in the vault). */
export const campaignSendersProjection = defineProjection<CampaignSenderSaved>({
  name: 'contacts.campaign-senders',
  eventTypes: ['contacts.CampaignSenderSaved'],
  async handle(events, { trx }) {
    for (const e of events) {
      const d = e.data;
      const row = {
        client_id: d.clientId,
        channel: d.channel,
        name: d.name,
        from_name: d.fromName,
        from_email: d.fromEmail,
        phone_number_id: d.phoneNumberId,
        secret_ref: d.secretRef,
        position: e.position,
      };
      await trx
        .insertInto('contacts_campaign_senders')
        .values({ id: d.senderId, ...row })
        .onConflict((oc) => oc.column('id').doUpdateSet(row))
        .execute();
    }
  },
  async reset(trx) {
    await trx.deleteFrom('contacts_campaign_senders').execute();
  },
});

/** `contacts.campaign-optouts`: addresses that withdrew consent for a channel with an organizer. */
export const campaignOptOutsProjection = defineProjection<ConsentWithdrawn>({
  name: 'contacts.campaign-optouts',
  eventTypes: ['contacts.ConsentWithdrawn'],
  async handle(events, { trx }) {
    for (const e of events) {
      const d = e.data;
      await trx
        .insertInto('contacts_campaign_optouts')
        .values({ client_id: d.clientId, channel: d.channel, address: d.address, contact_id: d.contactId, source: d.source, at: d.at })
        .onConflict((oc) => oc.columns(['client_id', 'channel', 'address']).doNothing())
        .execute();
    }
  },
  async reset(trx) {
    await trx.deleteFrom('contacts_campaign_optouts').execute();
  },
});

export const campaignProjections: Projection[] = [campaignsProjection, campaignSendersProjection, campaignOptOutsProjection];
export const campaignTables: (keyof DB)[] = [
  'contacts_campaigns',
  'contacts_campaign_recipients',
  'contacts_campaign_deliveries',
  'contacts_campaign_status_log',
  'contacts_campaign_senders',
  'contacts_campaign_optouts',
  'contacts_campaign_links',
  'contacts_campaign_hits',
  'contacts_campaign_events',
];
