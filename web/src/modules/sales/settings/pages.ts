import { lazy } from 'react';
import { withStrings } from '../../../i18n';

/**
 * Store pages of the settings area (Gestionar › Formulario, Configuración). manage/settings replaces the events
 * module's page of that suffix; the payment methods stay on manage/paymentMethods (a tab of the settings page).
 */
export const settingsPages = {
  '/manage/settings': lazy(withStrings(['sales'], () => import('./SettingsPage'))),
  '/manage/form': lazy(withStrings(['sales'], () => import('./FormBuilderPage'))),
};
