import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { withStrings } from '../../../i18n';

const page = (load: () => Promise<{ default: ComponentType }>) => lazy(withStrings(['sales'], load));

/** The organizer's attendee management and the store's Tablero (replaces the events module's for the store). */
export const adminPages: Record<string, LazyExoticComponent<ComponentType>> = {
  '': page(() => import('./DashboardPage')),
  '/manageAttendees/orders': page(() => import('./OrdersPage')),
  '/manageAttendees/participants': page(() => import('./ParticipantsPage')),
  '/manageAttendees/guestList': page(() => import('./GuestListPage')),
  '/manageAttendees/depositsMade': page(() => import('./DepositsPage')),
  '/manageAttendees/incomeControl': page(() => import('./IncomePage')),
  '/manageAttendees/reminders': page(() => import('./RemindersPage')),
};
