/**
 * The permission matrix as data: for each module and role, the actions allowed on an event and the pages of
 * the module area it may open. Used by the authorization middleware (every command and query) and answered
 * to the web client in validateRole (actions, pages) so menus and buttons follow the same table.
 * Pages are the route suffix after /module/{client}/{event}/{module} ('' = Tablero). Pure data + functions.
 */
import { EVENT_ACTIONS, MODULES, type EventAction, type ModuleName, type RoleName } from '../../contracts/events.js';

export interface RolePermission {
  actions: readonly EventAction[];
  pages: readonly string[];
  /** Administrators may open any page of their module, including pages added later. */
  anyPage?: boolean;
}

const READ: EventAction[] = ['event.read'];

const STORE_ADMIN_PAGES = [
  '',
  '/tickets',
  '/polls',
  '/exhibitors',
  '/pollParticipant',
  '/history',
  '/manage/auditorium',
  '/manage/form',
  '/manage/settings',
  '/manage/codes',
  '/manage/symptomatologies',
  '/manage/paymentMethods',
  '/manageAttendees/orders',
  '/manageAttendees/participants',
  '/manageAttendees/guestList',
  '/manageAttendees/depositsMade',
  '/manageAttendees/reminders',
  '/manageAttendees/remindersWhatsApp',
  '/manageAttendees/campaignWhatsApp',
];

const BC_SETTINGS = ['/settings/catalogueFilter', '/settings/offerFields', '/settings/demandFields', '/settings/businessConference'];

export const PERMISSION_MATRIX: { [M in ModuleName]: Partial<Record<RoleName, RolePermission>> } = {
  store: {
    administrator: {
      actions: ['event.read', 'event.edit', 'event.publish', 'ticket.read', 'ticket.manage', 'paymentMethod.read', 'paymentMethod.manage', 'history.read'],
      pages: STORE_ADMIN_PAGES,
      anyPage: true,
    },
    register: { actions: ['event.read', 'ticket.read'], pages: ['/register'] },
    cash_register: { actions: ['event.read', 'ticket.read', 'paymentMethod.read'], pages: ['/cashRegister'] },
    poll: { actions: READ, pages: ['/poll'] },
    symptomatology: { actions: READ, pages: ['/manage/symptomatologies'] },
    lima_home: { actions: READ, pages: ['/registerLimaHome'] },
  },
  businessConference: {
    administrator: {
      actions: READ,
      pages: ['', '/myOffer', '/myDemand', '/room', '/agend', '/registerAttendance', '/poll', '/helpRequest', '/report', ...BC_SETTINGS, '/settings/reminders'],
      anyPage: true,
    },
    production: {
      actions: READ,
      pages: ['', '/myOffer', '/myDemand', '/room', '/agend', '/poll', '/report', ...BC_SETTINGS, '/settings/reminders'],
    },
    support: {
      actions: READ,
      pages: ['', '/myOffer', '/myDemand', '/room', '/agend', '/poll', '/helpRequest', ...BC_SETTINGS],
    },
  },
  exhibitor: {
    administrator: {
      actions: READ,
      pages: ['', '/exhibitor', '/speaker', '/invitation', '/appControl/usersApp', '/appControl/stands', '/appControl/participantStand', '/appControl/settings'],
      anyPage: true,
    },
  },
  contacts: {
    administrator: {
      actions: READ,
      pages: ['', '/company', '/contacts', '/group', '/report', '/singleSend', '/settings/contactFields', '/settings/companyFields', '/settings/sender', '/settings/template', '/settings/integration'],
      anyPage: true,
    },
  },
  settings: {
    administrator: {
      actions: ['event.read', 'collaborator.read', 'collaborator.manage', 'history.read'],
      pages: ['', '/user'],
      anyPage: true,
    },
  },
};

export type RolesByModule = Partial<Record<ModuleName, RoleName>>;

export function permissionOf(module: ModuleName, role: RoleName): RolePermission | undefined {
  return PERMISSION_MATRIX[module]?.[role];
}

/** Actions the roles grant, optionally only within one module; in the matrix's order. */
export function actionsFor(roles: RolesByModule, module?: ModuleName): EventAction[] {
  const granted = new Set<EventAction>();
  for (const mod of MODULES) {
    if (module && mod !== module) continue;
    const role = roles[mod];
    if (!role) continue;
    permissionOf(mod, role)?.actions.forEach((a) => granted.add(a));
  }
  return EVENT_ACTIONS.filter((a) => granted.has(a));
}

export function normalizePage(page: string): string {
  const p = page.trim().replace(/\/+$/, '');
  if (p === '' || p === '/') return '';
  return p.startsWith('/') ? p : `/${p}`;
}

/**
 * Whether a role may open a page of its module (exact page or a sub-page of a listed one). The module root
 * ('') is open to every role of the module: switching module lands there, and the client then goes on to the
 * role's first menu page.
 */
export function pageAllowed(module: ModuleName, role: RoleName, page: string): boolean {
  const perm = permissionOf(module, role);
  if (!perm) return false;
  if (perm.anyPage) return true;
  const p = normalizePage(page);
  if (p === '') return true;
  return perm.pages.some((allowed) => allowed === p || (allowed !== '' && p.startsWith(`${allowed}/`)));
}

export function isModule(value: string | undefined): value is ModuleName {
  return !!value && (MODULES as string[]).includes(value);
}
