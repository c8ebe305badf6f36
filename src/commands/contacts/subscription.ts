/**
 * The person's own subscription page (`/subscription/<token>`): which channels of the organizer they accept.
 * Reading changes nothing; saving writes the contact's consent per channel with source `subscription-page`
 * (a contacts.ContactChanged, so the audit shows it), and a withdrawal is also recorded as an opt-out of the
 * campaigns area (`contacts.ConsentWithdrawn`) so a campaign already running stops for that address.
 */
import type { AppContext } from '../../context.js';
import type { ConsentChannel } from '../../contracts/contacts.js';
import { contactDecider, contactEmailReservations, contactStreamId, type ContactEvent } from '../../domain/contacts/contact.js';
import { NotFoundError } from '../../domain/shared/errors.js';
import { WrongExpectedVersionError, type Recorded } from '../../eventstore/port.js';
import { campaignAudience as m } from '../../messages/contacts/campaigns.js';
import { handleCommand } from '../handle.js';
import { withdrawConsent } from './campaigns.js';
import { loadFields } from './records.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId' | 'db'>;
export const SUBSCRIPTION_SOURCE = 'subscription-page';

async function loadContact(ctx: Pick<AppContext, 'store'>, contactId: string) {
  const recorded = (await ctx.store.readStream(contactStreamId(contactId))) as Recorded<ContactEvent>[];
  const state = recorded.reduce(contactDecider.evolve, contactDecider.initialState());
  return { state, version: recorded.length - 1 };
}

/** What the page shows: the contact's first name and each channel's status (no address is shown in full). */
export async function subscriptionOf(ctx: Pick<AppContext, 'store'>, clientId: string, contactId: string) {
  const { state } = await loadContact(ctx, contactId);
  if (!state.profile || state.deleted || state.clientId !== clientId) throw new NotFoundError('CONTACT_NOT_FOUND', m.contactGone);
  const p = state.profile;
  const mask = (email: string | null) => (email ? email.replace(/^(.).*(@.*)$/, '$1***$2') : null);
  const maskPhone = (phone: string | null) => (phone ? `${'*'.repeat(Math.max(0, phone.length - 3))}${phone.slice(-3)}` : null);
  return {
    name: p.name.split(/\s+/)[0] ?? '',
    email: mask(p.email),
    phone: maskPhone(p.phone),
    channels: { email: p.consent.email?.status === 'granted', whatsapp: p.consent.whatsapp?.status === 'granted' },
  };
}

/** Saves the person's choice; the same choice again writes nothing. */
export async function saveSubscription(ctx: Ctx, input: { clientId: string; contactId: string; channels: Partial<Record<ConsentChannel, boolean>> }) {
  for (let attempt = 1; ; attempt++) {
    const { state, version } = await loadContact(ctx, input.contactId);
    if (!state.profile || state.deleted || state.clientId !== input.clientId) throw new NotFoundError('CONTACT_NOT_FOUND', m.contactGone);
    const p = state.profile;
    const consentFor = (ch: ConsentChannel) => {
      const wanted = input.channels[ch];
      return wanted === undefined ? undefined : { status: wanted ? ('granted' as const) : ('withdrawn' as const), source: SUBSCRIPTION_SOURCE };
    };
    try {
      // A whole replacement of what the stream holds at `version` with only the consent changed (a concurrent edit
      // makes the append fail and the page's change is decided again on the new state).
      await handleCommand(ctx, {
        streamId: contactStreamId(input.contactId),
        decider: contactDecider,
        command: {
          type: 'contacts.ChangeContact',
          data: {
            contactId: input.contactId,
            clientId: input.clientId,
            input: { name: p.name, email: p.email, phone: p.phone, companyId: p.companyId, fields: p.fields, consent: { email: consentFor('email'), whatsapp: consentFor('whatsapp') } },
            known: { fields: (await loadFields(ctx, input.clientId)).contact, companyExists: !!p.companyId },
          },
        },
        meta: { expectedVersion: version },
        reserve: (events, s) => contactEmailReservations(events, s).reserve,
        release: (events, s) => contactEmailReservations(events, s).release,
      });
      break;
    } catch (err) {
      if (err instanceof WrongExpectedVersionError && attempt < 5) continue;
      throw err;
    }
  }
  const after = await loadContact(ctx, input.contactId);
  const address = { email: addressOf(after, 'email'), whatsapp: addressOf(after, 'whatsapp') };
  for (const ch of ['email', 'whatsapp'] as const) {
    if (input.channels[ch] === false && address[ch]) {
      await withdrawConsent(ctx, { clientId: input.clientId, contactId: input.contactId, channel: ch, address: address[ch]!, source: SUBSCRIPTION_SOURCE, campaignId: null });
    }
  }
  return subscriptionOf(ctx, input.clientId, input.contactId);
}

function addressOf(loaded: Awaited<ReturnType<typeof loadContact>>, ch: ConsentChannel): string | null {
  const p = loaded.state.profile;
  if (!p) return null;
  return ch === 'email' ? (p.email?.toLowerCase() ?? null) : (p.phone?.replace(/[\s().-]/g, '') ?? null);
}
