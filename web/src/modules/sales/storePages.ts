import type { ComponentType, LazyExoticComponent } from 'react';
import { adminPages } from './admin/pages';
import { boxOfficePages } from './boxoffice/pages';
import { settingsPages } from './settings/pages';
import { codesPages } from './codes/pages';
import { doorPages } from './door/pages';
import { documentsPages } from './documents/pages';
import { mailsStorePages } from '../mails/storePages';

/**
 * Pages of the store module area (/module/{client}/{event}/store/{page}) built by the sales module, keyed by the
 * page suffix of the access matrix (src/domain/access/matrix.ts). Each area keeps its own map (./<area>/pages.ts)
 * and is spread in here once; the drawer shows an item as built exactly when its page is in this map. A page here
 * replaces the events module's page of the same suffix. Wrap each in `lazy(withStrings(['sales'], () => import(...)))`
 * so that the sales strings load with it.
 */
export const storePages: Record<string, LazyExoticComponent<ComponentType>> = { ...documentsPages, ...settingsPages, ...codesPages, ...boxOfficePages, ...doorPages, ...adminPages, ...mailsStorePages };
