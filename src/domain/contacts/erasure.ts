/**
 * Personal-data erasure of a contact ("derecho de supresión", Ley 29733; GDPR art. 17). `contacts.ContactErased`
 * on the contact's stream carries no personal data; everything recorded before it reads as "dato suprimido" on
 * the read side (read model, audit, "as of"), and the e-mail reservation is released. Erasing a deleted contact
 * is allowed (its history still holds the data); erasing twice records nothing. Pure.
 */
import { messages } from '../../messages/es.js';
import { NotFoundError } from '../shared/errors.js';
import type { DecideContext, Decider } from '../shared/types.js';
import { evolveContact, initialContactState, type ContactErased, type ContactEvent, type ContactState } from './contact.js';

export type EraseContact = { type: 'contacts.EraseContact'; data: { contactId: string; clientId: string } };

export interface ErasureState extends ContactState {
  erased: boolean;
}

export function decideErasure(command: EraseContact, state: ErasureState, ctx: DecideContext): ContactErased[] {
  const { contactId, clientId } = command.data;
  if (!state.contactId || state.clientId !== clientId) throw new NotFoundError('CONTACT_NOT_FOUND', messages.contacts.contactNotFound);
  if (state.erased) return [];
  return [{ type: 'contacts.ContactErased', data: { contactId, clientId, by: ctx.userId ?? null, at: ctx.now.toISOString() } }];
}

export const erasureDecider: Decider<EraseContact, ContactEvent, ErasureState> = {
  decide: decideErasure,
  evolve: (state, event) => ({ ...evolveContact(state, event), erased: state.erased || event.type === 'contacts.ContactErased' }),
  initialState: () => ({ ...initialContactState(), erased: false }),
};
