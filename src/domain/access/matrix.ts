/**
 * The access matrix as data: for each module and role, what it may do (actions), which pages of the module area
 * it may open, how its drawer is laid out (menu), at which scope it is held and which roles it may hand out.
 * Every check of the server (HTTP guard, socket guard, decide) and every menu (validateRole, permissions,
 * the web drawer through @contracts/access) reads this one table. Pure data and functions, no I/O, importable by
 * the web app.
 *
 * Pages are the route suffix after /module/{client}/{event}/{module} ('' = Tablero). A role's pages are the pages
 * of its menu plus `extraPages` (pages reached from another page, not from the drawer), so a drawer item is shown
 * exactly when its page is allowed.
 */
import { EVENT_ACTIONS, MODULES, type EventAction, type ModuleName } from '../../contracts/events.js';

/**
 * Actions of modules that are coming, named now where a role obviously needs them. Today's routes check only
 * EVENT_ACTIONS; a new module's routes name these in `defineRoute({ access: { action } })`.
 */
export const FUTURE_ACTIONS = [
  'order.read',
  'order.manage',
  'checkin.scan',
  'cashRegister.operate',
  'poll.answer',
  'poll.manage',
  'symptomatology.manage',
  'meeting.read',
  'meeting.manage',
  'attendance.register',
  'helpRequest.answer',
  'participant.manage',
  'offer.manage',
  'demand.manage',
  'exhibitor.manage',
  'exhibitor.invite',
  'stand.manage',
  'contact.read',
  'contact.manage',
  'attendeeCampaign.manage',
] as const;
export const ACCESS_ACTIONS = [...EVENT_ACTIONS, ...FUTURE_ACTIONS] as const;
export type AccessAction = (typeof ACCESS_ACTIONS)[number];

/** Every role of every module, today's and the coming ones (business-conference participants, exhibitors). */
export const ACCESS_ROLES = [
  'administrator',
  'register',
  'cash_register',
  'poll',
  'symptomatology',
  'lima_home',
  'production',
  'support',
  'offer',
  'demand',
  'offer_demand',
  'exhibitor',
] as const;
export type AccessRole = (typeof ACCESS_ROLES)[number];

/**
 * Where a role is held: in an event (team roles), in one business-conference round (participants), in one
 * exhibitor company of an event. The memberships read model has a nullable column per narrower scope.
 */
export type AccessScope = 'event' | 'round' | 'exhibitorCompany';

export interface MatrixMenuItem {
  /** i18n key under events.menu. */
  key: string;
  page: string;
  /** Disabled while the event's maximum ticket price is 0 (free-ticket rule). */
  paidOnly?: boolean;
  /** Disabled while the event has no business conference. */
  needsConference?: boolean;
}
export interface MatrixMenuGroup {
  key: string;
  items: MatrixMenuItem[];
}
export type MatrixMenuEntry = MatrixMenuItem | MatrixMenuGroup;
export const isMenuGroup = (e: MatrixMenuEntry): e is MatrixMenuGroup => 'items' in e;

export interface RolePermission {
  /** Higher ranks hold more of the module; a role never hands out a role ranked above its own. */
  rank: number;
  scope: AccessScope;
  /** Given to collaborators from the event's team page (the others come with their own modules). */
  team: boolean;
  actions: readonly AccessAction[];
  menu: readonly MatrixMenuEntry[];
  /** Pages reached from other pages rather than from the drawer. */
  extraPages?: readonly string[];
  /** Administrators may open any page of their module, including pages added later. */
  anyPage?: boolean;
  /** Roles of the same module this role may hand out (never ranked above its own: test/access/matrix.test.ts). */
  grants?: readonly AccessRole[];
}

const i = (key: string, page: string, extra: Partial<MatrixMenuItem> = {}): MatrixMenuItem => ({ key, page, ...extra });
const bc = (key: string, page: string): MatrixMenuItem => ({ key, page, needsConference: true });

const READ: AccessAction[] = ['event.read'];

// ----- store ---------------------------------------------------------------------------------------------
const storeAdministratorMenu: MatrixMenuEntry[] = [
  i('dashboard', ''),
  i('tickets', '/tickets'),
  i('polls', '/polls'),
  i('exhibitors', '/exhibitors'),
  i('pollParticipant', '/pollParticipant'),
  {
    key: 'manage',
    items: [
      i('auditorium', '/manage/auditorium'),
      i('form', '/manage/form'),
      i('settings', '/manage/settings'),
      i('codes', '/manage/codes', { paidOnly: true }),
      i('confirmationMail', '/manage/confirmationMail'),
      i('symptomatologies', '/manage/symptomatologies'),
    ],
  },
  {
    key: 'manageAttendees',
    items: [
      i('orders', '/manageAttendees/orders'),
      i('participants', '/manageAttendees/participants'),
      i('guestList', '/manageAttendees/guestList'),
      i('depositsMade', '/manageAttendees/depositsMade', { paidOnly: true }),
      i('incomeControl', '/manageAttendees/incomeControl'),
      i('rooms', '/manageAttendees/rooms'),
      i('reminders', '/manageAttendees/reminders'),
      i('remindersWhatsApp', '/manageAttendees/remindersWhatsApp'),
      i('campaignWhatsApp', '/manageAttendees/campaignWhatsApp'),
    ],
  },
];

// ----- business conference -------------------------------------------------------------------------------
function businessConferenceMenu(role: 'administrator' | 'production' | 'support'): MatrixMenuEntry[] {
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
  ].filter((x) => {
    if (role === 'production') return x.page !== '/registerAttendance' && x.page !== '/helpRequest';
    if (role === 'support') return x.page !== '/registerAttendance' && x.page !== '/report';
    return true;
  });
  const settings: MatrixMenuItem[] = [
    bc('catalogueFilter', '/settings/catalogueFilter'),
    bc('offerFields', '/settings/offerFields'),
    bc('demandFields', '/settings/demandFields'),
    // "Rueda" is enabled even when there is no business conference (it is where one is created).
    i('businessConferenceSettings', '/settings/businessConference'),
  ];
  if (role !== 'support') settings.push(bc('reminders', '/settings/reminders'));
  return [...main, { key: 'settingsGroup', items: settings }];
}

/** Spec "Exhibitor role": Tablero, exhibitors, speakers, invitations and the Gestion App group. */
const EXHIBITOR_MENU: MatrixMenuEntry[] = [
  i('dashboard', ''),
  i('exhibitor', '/exhibitor'),
  i('speaker', '/speaker'),
  i('invitation', '/invitation'),
  {
    key: 'appControl',
    items: [
      i('usersApp', '/appControl/usersApp'),
      i('stands', '/appControl/stands'),
      i('participantStand', '/appControl/participantStand'),
      i('appSettings', '/appControl/settings'),
    ],
  },
];

/** Spec "Permission-driven menus", exhibitor: the module administrator's pages (companies, invitations, stands, records). */
const EXHIBITOR_ADMIN_MENU: MatrixMenuEntry[] = [
  i('dashboard', ''),
  i('users', '/users'),
  i('invitations', '/invitations'),
  i('participants', '/participants'),
  i('stands', '/stands'),
  i('records', '/records'),
  i('exhibitions', '/exhibitions'),
  i('meetingsRoom', '/meetingsRoom'),
];

// ----- the matrix -------------------------------------------------------------------------------------------
export const ACCESS_MATRIX: { [M in ModuleName]: Partial<Record<AccessRole, RolePermission>> } = {
  store: {
    administrator: {
      rank: 3,
      scope: 'event',
      team: true,
      actions: [
        'event.read',
        'event.edit',
        'event.publish',
        'ticket.read',
        'ticket.manage',
        'paymentMethod.read',
        'paymentMethod.manage',
        'history.read',
        'order.read',
        'order.manage',
        'checkin.scan',
        'cashRegister.operate',
        'poll.manage',
        'symptomatology.manage',
        'attendeeCampaign.manage',
      ],
      menu: storeAdministratorMenu,
      extraPages: ['/history', '/manage/paymentMethods'],
      anyPage: true,
    },
    register: { rank: 1, scope: 'event', team: true, actions: ['event.read', 'ticket.read', 'checkin.scan'], menu: [i('register', '/register')] },
    cash_register: {
      rank: 1,
      scope: 'event',
      team: true,
      actions: ['event.read', 'ticket.read', 'paymentMethod.read', 'order.read', 'cashRegister.operate'],
      menu: [i('cashRegister', '/cashRegister')],
    },
    poll: { rank: 1, scope: 'event', team: true, actions: ['event.read', 'poll.answer'], menu: [i('poll', '/poll')] },
    symptomatology: {
      rank: 1,
      scope: 'event',
      team: true,
      actions: ['event.read', 'symptomatology.manage'],
      menu: [i('symptomatologies', '/manage/symptomatologies')],
    },
    lima_home: { rank: 1, scope: 'event', team: true, actions: ['event.read', 'checkin.scan'], menu: [i('registerLimaHome', '/registerLimaHome')] },
  },
  businessConference: {
    administrator: {
      rank: 3,
      scope: 'event',
      team: true,
      actions: ['event.read', 'meeting.read', 'meeting.manage', 'attendance.register', 'helpRequest.answer', 'participant.manage', 'poll.manage'],
      menu: businessConferenceMenu('administrator'),
      anyPage: true,
      // Participants of the event's rounds (granted by the business-conference module, per round).
      grants: ['offer', 'demand', 'offer_demand'],
    },
    production: {
      rank: 2,
      scope: 'event',
      team: true,
      actions: ['event.read', 'meeting.read', 'meeting.manage', 'poll.manage'],
      menu: businessConferenceMenu('production'),
    },
    support: {
      rank: 2,
      scope: 'event',
      team: true,
      actions: ['event.read', 'meeting.read', 'helpRequest.answer'],
      menu: businessConferenceMenu('support'),
      extraPages: ['/support/offer/productCatalog'],
    },
    offer: {
      rank: 1,
      scope: 'round',
      team: false,
      actions: ['meeting.read', 'offer.manage'],
      menu: [i('productCatalog', '/offer/productCatalog'), i('companyProfile', '/offer/companyProfile')],
      // The meetings pages (spec: offer/* including schedules), reached from /conference, /mymeetings and notices.
      extraPages: ['/offer/schedules', '/offer/product'],
    },
    demand: {
      rank: 1,
      scope: 'round',
      team: false,
      actions: ['meeting.read', 'demand.manage'],
      menu: [i('productCatalog', '/demand/productCatalog'), i('participants', '/demand/participants'), i('companyProfile', '/demand/companyProfile')],
      extraPages: ['/demand/schedules', '/demand/product'],
    },
    offer_demand: {
      rank: 1,
      scope: 'round',
      team: false,
      actions: ['meeting.read', 'offer.manage', 'demand.manage'],
      menu: [
        {
          key: 'offerGroup',
          items: [i('company', '/offer/company'), i('productCatalogue', '/offer/productCatalogue'), i('schedules', '/offer/schedules'), i('bcPoll', '/offer/poll')],
        },
        {
          key: 'demandGroup',
          items: [
            i('company', '/demand/company'),
            i('participants', '/demand/participants'),
            i('products', '/demand/products'),
            i('schedules', '/demand/schedules'),
            i('bcPoll', '/demand/poll'),
          ],
        },
      ],
      extraPages: ['/offer/schedules', '/demand/schedules', '/offer/product', '/demand/product'],
    },
  },
  exhibitor: {
    // The exhibitor module of the event: exhibitor companies, their invitations, stands and records.
    administrator: {
      rank: 3,
      scope: 'event',
      team: true,
      actions: ['event.read', 'exhibitor.manage', 'exhibitor.invite', 'stand.manage'],
      menu: EXHIBITOR_ADMIN_MENU,
      extraPages: ['/exhibitor', '/speaker', '/invitation'],
      anyPage: true,
      grants: ['exhibitor'],
    },
    // Administrator of one exhibitor company (spec "Exhibitor role"): its stand, speakers and invitations.
    exhibitor: {
      rank: 2,
      scope: 'exhibitorCompany',
      team: false,
      actions: ['event.read', 'exhibitor.invite', 'stand.manage'],
      menu: EXHIBITOR_MENU,
    },
  },
  contacts: {
    administrator: {
      rank: 3,
      scope: 'event',
      team: true,
      actions: ['event.read', 'contact.read', 'contact.manage'],
      menu: [
        i('dashboard', ''),
        i('company', '/company'),
        i('contacts', '/contacts'),
        i('group', '/group'),
        i('report', '/report'),
        i('singleSend', '/singleSend'),
        {
          key: 'settingsGroup',
          items: [
            i('contactFields', '/settings/contactFields'),
            i('companyFields', '/settings/companyFields'),
            i('sender', '/settings/sender'),
            i('template', '/settings/template'),
            i('integration', '/settings/integration'),
          ],
        },
      ],
      anyPage: true,
    },
  },
  mails: {
    // The mailing module of the administrator (/module/{userId}/mails/{page}): campaigns over the organizer's contacts,
    // the same organizer-level scope and actions as `contacts` (the campaign routes check contact.read/contact.manage).
    administrator: {
      rank: 3,
      scope: 'event',
      team: true,
      actions: ['event.read', 'contact.read', 'contact.manage'],
      menu: [
        i('activity', '/activity'),
        i('contacts', '/contacts'),
        i('massMailing', '/massMailing'),
        i('templates', '/templates'),
        i('senders', '/senders'),
        i('settings', '/settings'),
        i('customFields', '/customFields'),
      ],
      anyPage: true,
    },
  },
  settings: {
    administrator: {
      rank: 3,
      scope: 'event',
      team: true,
      actions: ['event.read', 'collaborator.read', 'collaborator.manage', 'history.read'],
      menu: [i('dashboard', ''), i('user', '/user')],
      anyPage: true,
      // Its own module only: a settings administrator runs the team page, it does not become the store's.
      grants: ['administrator'],
    },
  },
};

/** Platform administrators (accounts' flag): may look at any event, never change it. */
export const PLATFORM_ADMINISTRATOR_ACTIONS: readonly AccessAction[] = ['event.read', 'ticket.read', 'paymentMethod.read', 'collaborator.read', 'history.read'];

export type RolesByModule = Partial<Record<ModuleName, AccessRole>>;

export function isModule(value: string | undefined | null): value is ModuleName {
  return !!value && (MODULES as string[]).includes(value);
}

export function permissionOf(module: ModuleName, role: string | undefined): RolePermission | undefined {
  if (!role) return undefined;
  return (ACCESS_MATRIX[module] as Record<string, RolePermission | undefined>)[role];
}

/** Roles of a module, in the matrix's order; `team` limits them to those given from the team page. */
export function rolesOfModule(module: ModuleName, opts: { team?: boolean } = {}): AccessRole[] {
  return (Object.entries(ACCESS_MATRIX[module]) as [AccessRole, RolePermission][])
    .filter(([, p]) => opts.team === undefined || p.team === opts.team)
    .map(([r]) => r);
}

/** The roles the event's owner holds: administrator in every module. */
export const OWNER_ROLES: RolesByModule = Object.fromEntries(MODULES.map((m) => [m, 'administrator'])) as RolesByModule;

/** Actions the roles grant (optionally only within one module), in ACCESS_ACTIONS order. */
export function actionsFor(roles: RolesByModule, module?: ModuleName, platformAdministrator = false): AccessAction[] {
  const granted = new Set<AccessAction>();
  for (const mod of MODULES) {
    if (module && mod !== module) continue;
    permissionOf(mod, roles[mod])?.actions.forEach((a) => granted.add(a));
  }
  if (platformAdministrator) PLATFORM_ADMINISTRATOR_ACTIONS.forEach((a) => granted.add(a));
  return ACCESS_ACTIONS.filter((a) => granted.has(a));
}

export function menuPages(menu: readonly MatrixMenuEntry[]): string[] {
  return menu.flatMap((e) => (isMenuGroup(e) ? e.items.map((x) => x.page) : [e.page]));
}

/** Pages a role may open: its menu's pages and its extra pages, no duplicates, menu order first. */
export function pagesOf(module: ModuleName, role: string | undefined): string[] {
  const perm = permissionOf(module, role);
  if (!perm) return [];
  return [...new Set([...menuPages(perm.menu), ...(perm.extraPages ?? [])])];
}

export function normalizePage(page: string): string {
  const p = page.trim().replace(/\/+$/, '');
  if (p === '' || p === '/') return '';
  return p.startsWith('/') ? p : `/${p}`;
}

/**
 * Whether a role may open a page of its module (exact page or a sub-page of a listed one). The module root ('')
 * is open to every role of the module: switching module lands there, and the client then goes on to the role's
 * first menu page.
 */
export function pageAllowed(module: ModuleName, role: string | undefined, page: string): boolean {
  const perm = permissionOf(module, role);
  if (!perm) return false;
  if (perm.anyPage) return true;
  const p = normalizePage(page);
  if (p === '') return true;
  return pagesOf(module, role).some((allowed) => allowed === p || (allowed !== '' && p.startsWith(`${allowed}/`)));
}

/**
 * Who may hand out what: the event's owner anything; otherwise only a role of the same module that lists it in
 * `grants` (its own module, never above its own rank). Also the rule for withdrawing a role or an invitation.
 */
export function mayGrant(holder: RolesByModule, owner: boolean, module: ModuleName, role: string): boolean {
  if (owner) return true;
  const mine = permissionOf(module, holder[module]);
  const target = permissionOf(module, role);
  if (!mine || !target) return false;
  return (mine.grants ?? []).includes(role as AccessRole) && target.rank <= mine.rank;
}

/** Roles a holder may hand out from the team page, by module (what the team page offers). */
export function grantableTeamRoles(holder: RolesByModule, owner: boolean): Partial<Record<ModuleName, AccessRole[]>> {
  const out: Partial<Record<ModuleName, AccessRole[]>> = {};
  for (const mod of MODULES) {
    const roles = rolesOfModule(mod, { team: true }).filter((r) => mayGrant(holder, owner, mod, r));
    if (roles.length) out[mod] = roles;
  }
  return out;
}

export type { EventAction, ModuleName };
