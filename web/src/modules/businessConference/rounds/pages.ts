import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { withStrings } from '../../../i18n';

/**
 * Pages of the rounds area in the module area (/module/{client}/{event}/businessConference/{page}), keyed by the
 * page suffix of the access matrix. Wrap each in `lazy(withStrings(['businessConference'], () => import(...)))`.
 */
export const roundsPages: Record<string, LazyExoticComponent<ComponentType>> = {
  // The module's Tablero (replaces the generic ModuleHome).
  '': lazy(withStrings(['businessConference'], () => import('./DashboardPage'))),
  '/settings/businessConference': lazy(withStrings(['businessConference'], () => import('./RoundsSettingsPage'))),
  '/settings/offerFields': lazy(withStrings(['businessConference'], () => import('./FieldsPage').then((m) => ({ default: m.OfferFieldsPage })))),
  '/settings/demandFields': lazy(withStrings(['businessConference'], () => import('./FieldsPage').then((m) => ({ default: m.DemandFieldsPage })))),
  '/settings/catalogueFilter': lazy(withStrings(['businessConference'], () => import('./CatalogueFilterPage'))),
};
