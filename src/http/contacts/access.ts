/**
 * The guard of the contacts module. Contacts are a module of the administrator (client), not of an event:
 * /module/{userId}/contacts/... where `contacts` stands in place of the event (spec section 2). The organizer
 * holds administrator in it for their own client only; nobody, platform administrators included, reads another
 * organizer's contacts. The action and the page are checked against the access matrix's `contacts` entry.
 */
import type { Request } from 'express';
import { OWNER_ROLES, actionsFor, pageAllowed, type AccessAction } from '../../domain/access/matrix.js';
import { messages } from '../../messages/es.js';
import { readAccessHeaders } from '../access/guard.js';
import { HttpError } from '../errors.js';

export function authorizeContacts(req: Request, client: string, action: AccessAction): { clientId: string; userId: string } {
  const user = req.user;
  if (!user) throw new HttpError(401);
  if (client !== user._id) throw new HttpError(403, messages.contacts.forbidden, 'FORBIDDEN');
  const role = OWNER_ROLES.contacts;
  const page = (req.access ?? readAccessHeaders(req)).page;
  if (page !== undefined && !pageAllowed('contacts', role, page)) throw new HttpError(403, messages.contacts.forbidden, 'FORBIDDEN');
  if (!actionsFor({ contacts: role }, 'contacts').includes(action)) throw new HttpError(403, messages.contacts.forbidden, 'FORBIDDEN');
  return { clientId: client, userId: user._id };
}
