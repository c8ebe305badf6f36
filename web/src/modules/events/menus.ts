import { MODULE_AREA_RESERVED_WORDS } from '@contracts/events';

/**
 * Module drawers of the organizer area, exactly as the spec's "Menus" section lists them, per module and role.
 * `path` is appended to /module/{administrator}/{event}/{module}. Items whose page is not part of this release
 * carry `built: false` and are shown disabled; `paidOnly` items are disabled while the event's maximum
 * ticket price is 0 (free-ticket rule of the spec).
 */
export interface MenuItem {
  /** i18n key under events.menu. */
  key: string;
  path: string;
  built: boolean;
  paidOnly?: boolean;
  /** Business-conference items are disabled while the event has no business conferences. */
  needsConference?: boolean;
}
export interface MenuGroup {
  key: string;
  items: MenuItem[];
}
export type MenuEntry = MenuItem | MenuGroup;

export const isGroup = (e: MenuEntry): e is MenuGroup => 'items' in e;

/** Pages of the store module built in this release (others are disabled in the drawer). */
export const BUILT_STORE_PAGES = ['', '/tickets', '/manage/settings', '/history'] as const;

const item = (key: string, path: string, extra: Partial<MenuItem> = {}): MenuItem => ({
  key,
  path,
  built: (BUILT_STORE_PAGES as readonly string[]).includes(path),
  ...extra,
});
const todo = (key: string, path: string, extra: Partial<MenuItem> = {}): MenuItem => ({ key, path, built: false, ...extra });

const storeAdministrator: MenuEntry[] = [
  item('dashboard', ''),
  item('tickets', '/tickets'),
  todo('polls', '/polls'),
  todo('exhibitors', '/exhibitors'),
  todo('pollParticipant', '/pollParticipant'),
  {
    key: 'manage',
    items: [
      todo('auditorium', '/manage/auditorium'),
      todo('form', '/manage/form'),
      item('settings', '/manage/settings'),
      todo('codes', '/manage/codes', { paidOnly: true }),
      todo('symptomatologies', '/manage/symptomatologies'),
    ],
  },
  {
    key: 'manageAttendees',
    items: [
      todo('orders', '/manageAttendees/orders'),
      todo('participants', '/manageAttendees/participants'),
      todo('guestList', '/manageAttendees/guestList'),
      todo('depositsMade', '/manageAttendees/depositsMade', { paidOnly: true }),
      todo('reminders', '/manageAttendees/reminders'),
      todo('remindersWhatsApp', '/manageAttendees/remindersWhatsApp'),
      todo('campaignWhatsApp', '/manageAttendees/campaignWhatsApp'),
    ],
  },
];

const bc = (key: string, path: string) => todo(key, path, { needsConference: true });

function businessConferenceMenu(role: string): MenuEntry[] {
  const main = [
    bc('dashboard', ''),
    bc('myOffer', '/myOffer'),
    bc('myDemand', '/myDemand'),
    bc('room', '/room'),
    bc('agend', '/agend'),
    bc('registerAttendance', '/registerAttendance'),
    bc('bcPoll', '/poll'),
    bc('helpRequest', '/helpRequest'),
    bc('report', '/report'),
  ].filter((i) => {
    if (role === 'production') return i.path !== '/registerAttendance' && i.path !== '/helpRequest';
    if (role === 'support') return i.path !== '/registerAttendance' && i.path !== '/report';
    return true;
  });
  const settings: MenuItem[] = [
    bc('catalogueFilter', '/settings/catalogueFilter'),
    bc('offerFields', '/settings/offerFields'),
    bc('demandFields', '/settings/demandFields'),
    // "Rueda" is enabled even when there is no business conference (it is where one is created).
    todo('businessConferenceSettings', '/settings/businessConference'),
  ];
  if (role === 'administrator' || role === 'production') settings.push(bc('reminders', '/settings/reminders'));
  return [...main, { key: 'settingsGroup', items: settings }];
}

const settingsAdministrator: MenuEntry[] = [
  { key: 'dashboard', path: '', built: true },
  { key: 'user', path: '/user', built: true },
];

const contactsAdministrator: MenuEntry[] = [
  // The Tablero is the module's home (ModuleHomePage), shown like the other modules' own.
  { key: 'dashboard', path: '', built: true },
  todo('company', '/company'),
  todo('contacts', '/contacts'),
  todo('group', '/group'),
  todo('report', '/report'),
  todo('singleSend', '/singleSend'),
  {
    key: 'settingsGroup',
    items: [
      todo('contactFields', '/settings/contactFields'),
      todo('companyFields', '/settings/companyFields'),
      todo('sender', '/settings/sender'),
      todo('template', '/settings/template'),
      todo('integration', '/settings/integration'),
    ],
  },
];

const exhibitorAdministrator: MenuEntry[] = [
  { key: 'dashboard', path: '', built: true },
  todo('exhibitor', '/exhibitor'),
  todo('speaker', '/speaker'),
  todo('invitation', '/invitation'),
  {
    key: 'appControl',
    items: [
      todo('usersApp', '/appControl/usersApp'),
      todo('stands', '/appControl/stands'),
      todo('participantStand', '/appControl/participantStand'),
      todo('appSettings', '/appControl/settings'),
    ],
  },
];

/** The drawer for a module and the user's role in it (empty when the role has no menu in that module). */
export function menuFor(module: string, role: string | undefined): MenuEntry[] {
  if (!role) return [];
  switch (module) {
    case 'store':
      if (role === 'administrator') return storeAdministrator;
      if (role === 'register') return [todo('register', '/register')];
      if (role === 'cash_register') return [todo('cashRegister', '/cashRegister')];
      if (role === 'poll') return [todo('poll', '/poll')];
      if (role === 'lima_home') return [todo('registerLimaHome', '/registerLimaHome')];
      if (role === 'symptomatology') return [todo('symptomatologies', '/manage/symptomatologies')];
      return [];
    case 'businessConference':
      return ['administrator', 'production', 'support'].includes(role) ? businessConferenceMenu(role) : [];
    case 'settings':
      return role === 'administrator' ? settingsAdministrator : [];
    case 'exhibitor':
      return role === 'administrator' ? exhibitorAdministrator : [];
    case 'contacts':
      return role === 'administrator' ? contactsAdministrator : [];
    default:
      return [];
  }
}

/** Whether a page path (below the module) is in the role's menu, so route access follows the drawer. */
export function menuAllows(module: string, role: string | undefined, page: string): boolean {
  const flat = menuFor(module, role).flatMap((e) => (isGroup(e) ? e.items : [e]));
  if (module === 'store' && role === 'administrator' && page === '/history') return true;
  return flat.some((i) => i.path === page);
}

/** Reserved words that stand in place of the event in /module/{administrator}/{event} (spec section 2). */
export const RESERVED_WORDS = MODULE_AREA_RESERVED_WORDS;

/** Modules a user can hold per event (spec section 1). */
export const EVENT_MODULES = ['store', 'fair', 'virtualFair', 'businessConference', 'exhibitor', 'crm'] as const;

/** Roles per module that can be given to a collaborator (issue 4). */
export const MODULE_ROLES: Record<string, string[]> = {
  store: ['administrator', 'register', 'cash_register', 'poll', 'symptomatology', 'lima_home'],
  businessConference: ['administrator', 'production', 'support'],
  exhibitor: ['administrator'],
  contacts: ['administrator'],
  settings: ['administrator'],
};
