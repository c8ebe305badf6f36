/**
 * Audiences of the CRM's campaigns: who a campaign goes to, resolved by the server from a filter over the
 * organizer's contacts (the contacts grid's filter model), from the holders of an event's tickets (read through the
 * sales module's query), or from explicit contact ids. The result is the recipient list the campaign freezes at
 * creation (src/commands/contacts/campaigns.ts); consent for the channel is read here (granted, and not withdrawn
 * by a one-click unsubscribe made after it) and the engine skips recipients without it at the start.
 *
 * A new source (a group of contacts) is one more member of `audienceSchema` and one more case in `audienceContacts`.
 */
import type { AppContext } from '../../context.js';
import type { Audience, AudiencePreviewDto } from '../../contracts/contacts-audience.js';
import type { CampaignChannel, CampaignRecipient } from '../../domain/contacts/campaign.js';
import { NotFoundError } from '../../domain/shared/errors.js';
import { campaignAudience as m } from '../../messages/contacts/campaigns.js';
import { contactsByEmails, contactsByFilter, contactsByIds, optOutsByAddress, AUDIENCE_MAX, type AudienceContact } from '../../projections/contacts/audience-queries.js';
import { groupMemberIds } from '../../projections/contacts/group-queries.js';
import { findEvent } from '../../projections/events/queries.js';
import { ticketHoldersOfEvent } from '../../projections/sales/queries.js';
import { loadFields } from './records.js';

type Ctx = Pick<AppContext, 'db' | 'store'>;

/** A person of the audience before the channel is chosen: a contact, or an event's attendee who is no contact. */
interface Person {
  contactId: string;
  name: string;
  email: string | null;
  phone: string | null;
  contact: AudienceContact | null;
}

const asPerson = (c: AudienceContact): Person => ({ contactId: c._id, name: c.name, email: c.email, phone: c.phone, contact: c });

async function audiencePeople(ctx: Ctx, clientId: string, audience: Audience): Promise<Person[]> {
  switch (audience.source) {
    case 'filter':
      return (await contactsByFilter(ctx.db, clientId, (await loadFields(ctx, clientId)).contact, audience.filter)).map(asPerson);
    case 'group': {
      // A static list's members or a saved filter's matches now (groups area's query); another organizer's group is none.
      const exists = await ctx.db.selectFrom('contacts_groups').select('id').where('client_id', '=', clientId).where('id', '=', audience.groupId).executeTakeFirst();
      if (!exists) throw new NotFoundError('GROUP_NOT_FOUND', m.groupNotFound);
      const ids = await groupMemberIds(ctx.db, clientId, audience.groupId, (await loadFields(ctx, clientId)).contact);
      return (await contactsByIds(ctx.db, clientId, ids)).map(asPerson);
    }
    case 'contacts':
      return (await contactsByIds(ctx.db, clientId, [...new Set(audience.contactIds)])).map(asPerson);
    case 'event': {
      const event = await findEvent(ctx.db, audience.eventId);
      if (!event || event.owner_id !== clientId) throw new NotFoundError('EVENT_NOT_FOUND', m.eventNotFound);
      const holders = await ticketHoldersOfEvent(ctx.db, event.id);
      const emails = [...new Set(holders.map((h) => h.email).filter((e): e is string => !!e))];
      const contacts = await contactsByEmails(ctx.db, clientId, emails);
      // An attendee who is a contact of the organizer is that contact (its consent, its phone); one who is not has
      // given no consent to the organizer's campaigns: counted, and skipped at the start.
      return holders.map((h) => {
        const c = h.email ? contacts.get(h.email) : undefined;
        return c
          ? { ...asPerson(c), phone: c.phone ?? h.phone }
          : { contactId: `ticket-${h.ticketId}`, name: h.name, email: h.email, phone: h.phone, contact: null };
      });
    }
  }
}

const mergeOf = (c: AudienceContact | null): Record<string, string | number | boolean | null> =>
  Object.fromEntries(
    Object.entries(c?.fields ?? {})
      .filter(([k]) => /^\w{1,60}$/.test(k))
      .map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : typeof v === 'string' ? v.slice(0, 2000) : (v ?? null)]),
  );

/**
 * The recipients of an audience for a channel, one per address (the first person with it), with their consent.
 * People without an address for the channel are counted in `withoutAddress`.
 */
export async function resolveAudience(ctx: Ctx, clientId: string, channel: CampaignChannel, audience: Audience) {
  const people = await audiencePeople(ctx, clientId, audience);
  const byAddress = new Map<string, Person>();
  let withoutAddress = 0;
  for (const p of people) {
    const raw = channel === 'email' ? p.email : p.phone;
    const address = raw ? (channel === 'email' ? raw.trim().toLowerCase() : raw.replace(/[\s().-]/g, '')) : '';
    if (!address) {
      withoutAddress++;
      continue;
    }
    if (!byAddress.has(address)) byAddress.set(address, p);
  }
  const optOuts = await optOutsByAddress(ctx.db, clientId, channel, [...byAddress.keys()]);
  const recipients: CampaignRecipient[] = [];
  for (const [address, p] of byAddress) {
    if (recipients.length >= AUDIENCE_MAX) break;
    const consent = p.contact?.consent[channel] ?? null;
    const optedOutAt = optOuts.get(address);
    // A one-click opt-out wins over a consent granted before it; one granted again later (the subscription page) wins.
    const granted = consent?.status === 'granted' && (!optedOutAt || consent.at > optedOutAt);
    recipients.push({
      key: p.contactId.replace(/[^\w.-]/g, '_').slice(0, 80),
      contactId: p.contactId,
      address,
      name: p.name,
      merge: mergeOf(p.contact),
      consent: granted,
    });
  }
  return { recipients, withoutAddress };
}

export async function previewAudience(ctx: Ctx, clientId: string, channel: CampaignChannel, audience: Audience): Promise<AudiencePreviewDto> {
  const { recipients, withoutAddress } = await resolveAudience(ctx, clientId, channel, audience);
  return {
    count: recipients.length,
    withoutConsent: recipients.filter((r) => !r.consent).length,
    withoutAddress,
    sample: recipients.slice(0, 10).map((r) => ({ contactId: r.contactId, name: r.name, address: r.address, consent: r.consent })),
  };
}
