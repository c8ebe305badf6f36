import { lazy } from 'react';
import { withStrings } from '../../../i18n';

/** Store pages of the documents area (Gestionar › Correo de confirmación). */
export const documentsPages = {
  '/manage/confirmationMail': lazy(withStrings(['sales'], () => import('./ConfirmationMailPage'))),
};
