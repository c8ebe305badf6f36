import { lazy } from 'react';
import { withStrings } from '../../../i18n';

/**
 * Store pages of the door: the rooms (Gestionar › Auditorio), who is in them (Gestionar Asistentes › Salas) and the
 * lima_home role's check-in desk (Registro Lima Home).
 */
export const doorPages = {
  '/manage/auditorium': lazy(withStrings(['sales'], () => import('./AuditoriumPage'))),
  '/manageAttendees/rooms': lazy(withStrings(['sales'], () => import('./RoomsPage'))),
  '/registerLimaHome': lazy(withStrings(['sales'], () => import('./DoorDeskPage'))),
};
