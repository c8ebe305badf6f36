import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { withStrings } from '../../i18n';

const invitations = () => import('./InvitationsPages');

/**
 * Pages of the exhibitor module area (/module/{client}/{event}/exhibitor/{page}), keyed by the access matrix's
 * page suffix. The drawer shows an item as built exactly when its page is in this map.
 */
export const exhibitorPages: Record<string, LazyExoticComponent<ComponentType>> = {
  // The module administrator's pages.
  '/users': lazy(withStrings(['exhibitor'], () => import('./CompaniesPage'))),
  '/stands': lazy(withStrings(['exhibitor'], () => import('./StandsPage'))),
  '/invitations': lazy(withStrings(['exhibitor'], () => invitations().then((m) => ({ default: m.OrganizerInvitationsPage })))),
  // The exhibitor role's pages (the company chosen in the toolbar).
  '/invitation': lazy(withStrings(['exhibitor'], () => invitations().then((m) => ({ default: m.CompanyInvitationsPage })))),
  '/exhibitor': lazy(withStrings(['exhibitor'], () => invitations().then((m) => ({ default: m.CompanyExhibitorsPage })))),
  '/speaker': lazy(withStrings(['exhibitor'], () => invitations().then((m) => ({ default: m.CompanySpeakersPage })))),
};
