import { describe, expect, it } from 'vitest';
import {
  audienceChunks,
  campaignDecider,
  type CampaignEvent,
  type CampaignRecipient,
  type CreateCampaign,
} from '../../src/domain/contacts/campaign.js';
import { DomainError } from '../../src/domain/shared/errors.js';
import { DeciderSpecification, SPEC_NOW, SPEC_USER_ID } from '../support/decider-spec.js';

const at = SPEC_NOW.toISOString();
const ID = '77777777-7777-4777-8777-777777777777';
const CLIENT = '88888888-8888-4888-8888-888888888888';
const SENDER = 'sender-1';
const rcpt = (n: number, consent = true): CampaignRecipient => ({ key: `c${n}`, contactId: `c${n}`, address: `p${n}@example.test`, name: `Persona ${n}`, merge: { ciudad: 'Lima' }, consent });
const content = { kind: 'email' as const, subject: 'Hola {{ contact.name }}', html: '<p>Hola</p>' };
const create = (recipients = [rcpt(1), rcpt(2), rcpt(3, false)]): CreateCampaign => ({
  type: 'contacts.CreateCampaign',
  data: { campaignId: ID, clientId: CLIENT, channel: 'email', senderId: SENDER, name: 'Lanzamiento', content, recipients },
});
const created: CampaignEvent = {
  type: 'contacts.CampaignCreated',
  data: { campaignId: ID, clientId: CLIENT, channel: 'email', senderId: SENDER, name: 'Lanzamiento', content, recipientCount: 3, chunkCount: 1, createdBy: SPEC_USER_ID, at },
};
const started: CampaignEvent = { type: 'contacts.CampaignStarted', data: { campaignId: ID, at, queued: 2, skipped: [{ key: 'c3', reason: 'noConsent' }] } };
const paused: CampaignEvent = { type: 'contacts.CampaignPaused', data: { campaignId: ID, at } };
const audience = [
  { key: 'c1', consent: true },
  { key: 'c2', consent: true },
  { key: 'c3', consent: false },
];
const code = (c: string) => (e: unknown) => e instanceof DomainError && e.code === c;

describe('campaign decider (contacts-campaign-<id>)', () => {
  const spec = DeciderSpecification.for(campaignDecider);

  describe('CreateCampaign', () => {
    it('records the campaign with the size of its frozen audience', () => {
      spec.when(create()).then([created]);
    });
    it('refuses an existing campaign, an empty list, duplicates, bad addresses and content of another channel', () => {
      spec.given([created]).when(create()).thenThrows(code('CAMPAIGN_EXISTS'));
      spec.when(create([])).thenThrows(code('NO_RECIPIENTS'));
      spec.when(create([rcpt(1), rcpt(1)])).thenThrows(code('DUPLICATE_RECIPIENT'));
      spec.when(create([{ ...rcpt(1), address: 'no-es-correo' }])).thenThrows(code('INVALID_ADDRESS'));
      const wa = create();
      wa.data = { ...wa.data, channel: 'whatsapp' };
      spec.when(wa).thenThrows(code('CONTENT_WRONG_CHANNEL'));
      const waBad: CreateCampaign = { ...wa, data: { ...wa.data, content: { kind: 'whatsapp', templateName: 'promo', language: 'es', components: [] } } };
      spec.when(waBad).thenThrows(code('INVALID_ADDRESS'));
      spec.when({ ...waBad, data: { ...waBad.data, recipients: [{ ...rcpt(1), address: '+51987654321' }] } }).then((events) => expect(events).toHaveLength(1));
    });
    it('chunks the audience by 1,000 for its own stream', () => {
      const many = Array.from({ length: 2500 }, (_, i) => rcpt(i));
      expect(audienceChunks(ID, many).map((c) => c.data.recipients.length)).toEqual([1000, 1000, 500]);
    });
  });

  describe('ScheduleCampaign and StartCampaign', () => {
    const future = new Date(SPEC_NOW.getTime() + 3600_000).toISOString();
    it('schedules a draft in the future, not in the past', () => {
      spec.given([created]).when({ type: 'contacts.ScheduleCampaign', data: { scheduledFor: future } }).then([{ type: 'contacts.CampaignScheduled', data: { campaignId: ID, scheduledFor: future, at } }]);
      spec.given([created]).when({ type: 'contacts.ScheduleCampaign', data: { scheduledFor: at } }).thenThrows(code('SCHEDULE_IN_PAST'));
      spec.given([created, started]).when({ type: 'contacts.ScheduleCampaign', data: { scheduledFor: future } }).thenThrows(code('CAMPAIGN_NOT_EDITABLE'));
    });
    it('skips recipients without consent or opted out, once', () => {
      spec
        .given([created])
        .when({ type: 'contacts.StartCampaign', data: { audience, optedOut: ['c2'] } })
        .then([{ type: 'contacts.CampaignStarted', data: { campaignId: ID, at, queued: 1, skipped: [{ key: 'c2', reason: 'optedOut' }, { key: 'c3', reason: 'noConsent' }] } }]);
      spec.given([created, started]).when({ type: 'contacts.StartCampaign', data: { audience, optedOut: [] } }).thenThrows(code('CAMPAIGN_ALREADY_STARTED'));
    });
    it("starts at the schedule only for the schedule still in force", () => {
      const scheduled: CampaignEvent = { type: 'contacts.CampaignScheduled', data: { campaignId: ID, scheduledFor: future, at } };
      spec.given([created, scheduled]).when({ type: 'contacts.StartCampaign', data: { audience, optedOut: [], scheduledFor: 'other' } }).then([]);
      spec.given([created, scheduled]).when({ type: 'contacts.StartCampaign', data: { audience, optedOut: [], scheduledFor: future } }).then((e) => expect(e[0].type).toBe('contacts.CampaignStarted'));
      spec.given([created, scheduled, started]).when({ type: 'contacts.StartCampaign', data: { audience, optedOut: [], scheduledFor: future } }).then([]);
    });
    it('refuses an unknown campaign', () => {
      spec.when({ type: 'contacts.PauseCampaign', data: {} }).thenThrows(code('CAMPAIGN_NOT_FOUND'));
    });
  });

  describe('PauseCampaign, ResumeCampaign, CancelCampaign', () => {
    it('pauses a running campaign (twice is once) and resumes it as a new run', () => {
      spec.given([created, started]).when({ type: 'contacts.PauseCampaign', data: {} }).then([paused]);
      spec.given([created, started, paused]).when({ type: 'contacts.PauseCampaign', data: {} }).then([]);
      spec.given([created, started, paused]).when({ type: 'contacts.ResumeCampaign', data: {} }).then([{ type: 'contacts.CampaignResumed', data: { campaignId: ID, at, run: 1 } }]);
      spec.given([created]).when({ type: 'contacts.PauseCampaign', data: {} }).thenThrows(code('CAMPAIGN_NOT_RUNNING'));
      spec.given([created, started]).when({ type: 'contacts.ResumeCampaign', data: {} }).then([]);
      spec.given([created]).when({ type: 'contacts.ResumeCampaign', data: {} }).thenThrows(code('CAMPAIGN_NOT_PAUSED'));
    });
    it('cancels anything not finished; a completed campaign stays completed', () => {
      spec.given([created, started, paused]).when({ type: 'contacts.CancelCampaign', data: {} }).then([{ type: 'contacts.CampaignCancelled', data: { campaignId: ID, at } }]);
      const done: CampaignEvent = { type: 'contacts.CampaignCompleted', data: { campaignId: ID, at, counts: { sent: 2 } } };
      spec.given([created, started, done]).when({ type: 'contacts.CancelCampaign', data: {} }).thenThrows(code('CAMPAIGN_FINISHED'));
    });
  });

  describe('RecordCampaignProgress', () => {
    it('summarises changed counts, drops unchanged ones and completes a running campaign with nothing left', () => {
      const progressed: CampaignEvent = { type: 'contacts.CampaignProgressed', data: { campaignId: ID, at, counts: { sent: 1, queued: 1 } } };
      spec.given([created, started]).when({ type: 'contacts.RecordCampaignProgress', data: { counts: { sent: 1, queued: 1 }, remaining: 1 } }).then([progressed]);
      spec.given([created, started, progressed]).when({ type: 'contacts.RecordCampaignProgress', data: { counts: { queued: 1, sent: 1 }, remaining: 1 } }).then([]);
      spec
        .given([created, started, progressed])
        .when({ type: 'contacts.RecordCampaignProgress', data: { counts: { sent: 2 }, remaining: 0 } })
        .then([{ type: 'contacts.CampaignCompleted', data: { campaignId: ID, at, counts: { sent: 2 } } }]);
      // Paused with nothing left: not complete (a resume may follow), counts still recorded.
      spec.given([created, started, paused]).when({ type: 'contacts.RecordCampaignProgress', data: { counts: { sent: 2 }, remaining: 0 } }).then((e) => expect(e[0].type).toBe('contacts.CampaignProgressed'));
    });
  });
});
