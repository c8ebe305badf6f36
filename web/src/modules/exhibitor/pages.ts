import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { withStrings } from '../../i18n';

/**
 * Pages of the exhibitor module area (/module/{client}/{event}/exhibitor/{page}), keyed by the access matrix's
 * page suffix. The drawer shows an item as built exactly when its page is in this map.
 */
export const exhibitorPages: Record<string, LazyExoticComponent<ComponentType>> = {
  '/users': lazy(withStrings(['exhibitor'], () => import('./CompaniesPage'))),
};
