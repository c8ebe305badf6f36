import type { AppContext } from '../../context.js';
import { contactEmailReservations, contactStreamId, type ContactEvent } from '../../domain/contacts/contact.js';
import { erasureDecider } from '../../domain/contacts/erasure.js';
import { handleCommand } from '../handle.js';

/**
 * Erases a contact's personal data: appends `contacts.ContactErased` at the stream's version (a concurrent edit
 * is decided again on the new state) and releases the e-mail reservation in the same append.
 */
export async function eraseContact(ctx: Pick<AppContext, 'store' | 'clock' | 'newId'>, input: { clientId: string; userId: string; contactId: string }) {
  const r = await handleCommand(ctx, {
    streamId: contactStreamId(input.contactId),
    decider: erasureDecider,
    command: { type: 'contacts.EraseContact', data: { contactId: input.contactId, clientId: input.clientId } },
    meta: { userId: input.userId },
    release: (events, state) => contactEmailReservations(events as ContactEvent[], state).release,
  });
  return { contactId: input.contactId, position: r.position };
}
