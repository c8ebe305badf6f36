import { lazy, type ComponentType } from 'react';
import { withStrings } from '../../i18n';

const page = (load: () => Promise<{ default: ComponentType }>) => lazy(withStrings(['contacts'], load));

/**
 * Pages of the contacts module (/module/{userId}/contacts/{page}), keyed by the page suffix of the access matrix's
 * `contacts` entry (src/domain/access/matrix.ts). The drawer shows an item as built exactly when its page is here;
 * singleSend, sender and template are not built yet.
 */
export const contactsPages = {
  '': page(() => import('./ContactsHomePage')),
  '/contacts': page(() => import('./RecordsPage').then((m) => ({ default: m.ContactsPage }))),
  '/contacts/:id': page(() => import('./RecordDetailPage').then((m) => ({ default: m.ContactDetailPage }))),
  '/company': page(() => import('./RecordsPage').then((m) => ({ default: m.CompaniesPage }))),
  '/company/:id': page(() => import('./RecordDetailPage').then((m) => ({ default: m.CompanyDetailPage }))),
  '/audit': page(() => import('./AuditPage')),
  '/group': page(() => import('./GroupsPage')),
  '/group/:id': page(() => import('./GroupDetailPage')),
  '/task': page(() => import('./TasksPage')),
  '/report': page(() => import('./ReportPage')),
  '/settings/contactFields': page(() => import('./FieldsPage').then((m) => ({ default: m.ContactFieldsPage }))),
  '/settings/companyFields': page(() => import('./FieldsPage').then((m) => ({ default: m.CompanyFieldsPage }))),
  '/settings/integration': page(() => import('./IntegrationPage')),
};
