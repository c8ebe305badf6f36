/**
 * Merge of two contacts of one organizer (one person found twice, e.g. once by e-mail and once by phone): the kept
 * contact takes the other's values it lacks (e-mail, phone, company, custom values) and the more recent consent
 * per channel; the other is marked merged with a pointer to the kept one and leaves the grid. Two appends, in this
 * order: the other's `ContactMerged` (releasing its e-mail and phone reservations), then the kept one's
 * `ContactChanged` with `mergedFrom` (taking them). Both carry command ids derived from the other's id, so a retry
 * (also after a crash between the two) finishes the merge without repeating either half.
 */
import type { AppContext } from '../../context.js';
import { contactDecider, contactEmailReservations, contactStreamId, type ContactEvent, type ContactState } from '../../domain/contacts/contact.js';
import { NotFoundError } from '../../domain/shared/errors.js';
import type { Recorded } from '../../eventstore/port.js';
import { messages } from '../../messages/es.js';
import { handleCommand } from '../handle.js';
import { emailGuard } from './records.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId'>;

async function loadContact(ctx: Pick<AppContext, 'store'>, contactId: string): Promise<ContactState> {
  const recorded = (await ctx.store.readStream(contactStreamId(contactId))) as Recorded<ContactEvent>[];
  return recorded.reduce(contactDecider.evolve, contactDecider.initialState());
}

export async function mergeContacts(ctx: Ctx, input: { clientId: string; userId: string; keepId: string; otherId: string; expectedVersion?: number }) {
  const { clientId, keepId, otherId, userId } = input;
  const kept = await loadContact(ctx, keepId);
  if (!kept.profile || kept.deleted || kept.clientId !== clientId) throw new NotFoundError('CONTACT_NOT_FOUND', messages.contacts.contactNotFound);
  const merged = await handleCommand(ctx, {
    streamId: contactStreamId(otherId),
    decider: contactDecider,
    command: { type: 'contacts.MergeContactInto', data: { contactId: otherId, clientId, into: keepId, intoName: kept.profile.name } },
    meta: { commandId: `contact-merge:${otherId}`, userId, expectedVersion: input.expectedVersion },
    release: (events, state) => contactEmailReservations(events, state).release,
  });
  const other = merged.state.profile;
  if (!other) throw new NotFoundError('CONTACT_NOT_FOUND', messages.contacts.contactNotFound);
  const result = await emailGuard(null, () =>
    handleCommand(ctx, {
      streamId: contactStreamId(keepId),
      decider: contactDecider,
      command: { type: 'contacts.AbsorbContact', data: { contactId: keepId, clientId, otherId, other } },
      meta: { commandId: `contact-absorb:${otherId}`, userId },
      reserve: (events, state) => contactEmailReservations(events, state).reserve,
      release: (events, state) => contactEmailReservations(events, state).release,
    }),
  );
  return { contactId: keepId, mergedId: otherId, position: result.position ?? merged.position };
}
