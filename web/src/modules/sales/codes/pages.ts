import { lazy } from 'react';
import { withStrings } from '../../../i18n';

/** The codes area's pages of the store module area: manage/codes (codes with their uses, and the waiting list). */
export const codesPages = {
  '/manage/codes': lazy(withStrings(['sales'], () => import('./CodesPage'))),
};
