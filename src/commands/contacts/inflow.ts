/**
 * Contacts flowing in from other modules (sales' buyers and attendees, business-conference participants,
 * exhibitors' leads): `recordInflow` upserts the organizer's contact matched by e-mail or E.164 phone. A new person
 * is created; a known one only gets what it lacks (e-mail, phone, name is kept) and a consent only when the person
 * gave one (`consent` absent means none is recorded: a consent is never granted on the person's behalf). The
 * caller's `key` (e.g. `sales:<orderId>:<ticketId>`) makes a repeat one write.
 */
import { createHash } from 'node:crypto';
import type { AppContext } from '../../context.js';
import type { ConsentInput } from '../../contracts/contacts.js';
import { contactDecider, contactEmailReservations, contactStreamId, type ContactProfile } from '../../domain/contacts/contact.js';
import { checkName, checkPhone, normalizeEmail } from '../../domain/contacts/record.js';
import { ReservationConflictError } from '../../eventstore/port.js';
import { handleCommand } from '../handle.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId' | 'db'>;
export type InflowSource = 'sales' | 'businessConference' | 'exhibitors' | 'api' | 'import';

export interface InflowPerson {
  name: string;
  email?: string | null;
  phone?: string | null;
  /** Only what the person agreed to, with where (e.g. "checkout"); absent channels stay as they are. */
  consent?: { email?: ConsentInput; whatsapp?: ConsentInput };
}

/** A stable contact id for a person first seen through `key` (a repeat creates nothing new). */
const inflowContactId = (clientId: string, key: string) => {
  const h = createHash('sha256').update(`${clientId}\n${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

async function matchContact(ctx: Ctx, clientId: string, email: string | null, phone: string | null): Promise<string | null> {
  if (!email && !phone) return null;
  const row = await ctx.db
    .selectFrom('contacts_contacts')
    .select('id')
    .where('client_id', '=', clientId)
    .where((eb) => eb.or([...(email ? [eb('email', '=', email)] : []), ...(phone ? [eb('phone', '=', phone)] : [])]))
    .orderBy('created_at')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function recordInflow(ctx: Ctx, input: { clientId: string; source: InflowSource; key: string; person: InflowPerson; userId?: string | null }) {
  const { clientId, person } = input;
  const email = normalizeEmail(person.email);
  const phone = checkPhone(person.phone);
  const at = ctx.clock().toISOString();
  const consentOf = (c: ConsentInput | undefined) => (c ? { status: c.status, source: c.source, at } : null);
  const other: ContactProfile = {
    name: checkName(person.name),
    email,
    phone,
    companyId: null,
    consent: { email: consentOf(person.consent?.email), whatsapp: consentOf(person.consent?.whatsapp) },
    fields: {},
  };
  const meta = { commandId: `contact-inflow:${input.source}:${input.key}`, userId: input.userId ?? undefined };
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await matchContact(ctx, clientId, email, phone);
    try {
      if (existing) {
        const r = await handleCommand(ctx, {
          streamId: contactStreamId(existing),
          decider: contactDecider,
          command: { type: 'contacts.AbsorbContact', data: { contactId: existing, clientId, otherId: null, other } },
          meta,
          reserve: (events, state) => contactEmailReservations(events, state).reserve,
          release: (events, state) => contactEmailReservations(events, state).release,
        });
        return { contactId: existing, created: false, position: r.position };
      }
      const contactId = inflowContactId(clientId, `${input.source}:${input.key}`);
      const r = await handleCommand(ctx, {
        streamId: contactStreamId(contactId),
        decider: contactDecider,
        command: {
          type: 'contacts.CreateContact',
          data: { contactId, clientId, input: { name: other.name, email, phone, consent: person.consent }, known: { fields: [], companyExists: false }, source: input.source },
        },
        meta,
        reserve: (events, state) => contactEmailReservations(events, state).reserve,
      });
      return { contactId, created: !r.duplicate, position: r.position };
    } catch (err) {
      // Another write took the e-mail or phone in between: match again once its projection caught up.
      if (!(err instanceof ReservationConflictError) || attempt === 2) throw err;
      await new Promise((r) => setTimeout(r, 100 * (attempt + 1)));
    }
  }
  throw new Error('unreachable');
}
