import type { RouteObject } from 'react-router-dom';
import { requireUser } from '../../../app/guards';
import { withStrings } from '../../../i18n';

/** Top-level routes (outside /module/...) of the business conference's home area. */
export const routes: RouteObject[] = [{ path: 'conference', loader: requireUser, lazy: withStrings(['businessConference'], () => import('./ConferencePage')) }];
