import { registerContactsRoutes } from '../http/contacts/routes.js';
import { contactsProjections } from '../projections/contacts/index.js';
import { defineModule } from './manifest.js';

/** Contacts (CRM, issue 22): an organizer's contacts and companies, custom fields, audit and "as of" reads. */
export const contactsModule = defineModule({
  name: 'contacts',
  routes: registerContactsRoutes,
  projections: contactsProjections,
  tables: ['contacts_contacts', 'contacts_companies', 'contacts_audit'],
});
