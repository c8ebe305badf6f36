import { lazy, type ComponentType } from 'react';
import { withStrings } from '../../i18n';

const page = (load: () => Promise<{ default: ComponentType }>) => lazy(withStrings(['mails', 'contacts'], load));

/**
 * Pages of the mails module (/module/{userId}/mails/{page}), keyed by the page suffix of the access matrix's `mails`
 * entry (src/domain/access/matrix.ts). The drawer shows an item as built exactly when its page is here; templates,
 * senders and settings are not built in this module yet (the contacts module's sender and template pages will be
 * wired by the merger).
 */
export const mailsPages = {
  '/activity': page(() => import('./ActivityPage')),
  '/contacts': page(() => import('../contacts/RecordsPage').then((m) => ({ default: m.ContactsPage }))),
  '/massMailing': page(() => import('./MassMailingPage')),
  '/massMailing/new': page(() => import('./CampaignWizardPage')),
  '/massMailing/:id': page(() => import('./CampaignDetailPage')),
  '/customFields': page(() => import('../contacts/FieldsPage').then((m) => ({ default: m.ContactFieldsPage }))),
};
