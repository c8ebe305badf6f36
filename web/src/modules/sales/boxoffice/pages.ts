import { lazy } from 'react';
import { withStrings } from '../../../i18n';

/**
 * Store pages of the box office: the registration desk (role register) and the cash register (role
 * cash_register); the store administrator may open both.
 */
export const boxOfficePages = {
  '/register': lazy(withStrings(['sales'], () => import('./RegisterDeskPage'))),
  '/cashRegister': lazy(withStrings(['sales'], () => import('./CashRegisterPage'))),
};
