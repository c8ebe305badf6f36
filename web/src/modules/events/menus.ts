import { ACCESS_MATRIX, isMenuGroup, pagesOf, permissionOf, rolesOfModule, type MatrixMenuItem } from '@contracts/access';
import { MODULE_AREA_RESERVED_WORDS, type ModuleName } from '@contracts/events';
import { storePages } from '../sales/storePages';
import { conferencePages } from '../businessConference/conferencePages';
import { contactsPages } from '../contacts/pages';
import { mailsPages } from '../mails/pages';
import { exhibitorPages } from '../exhibitor/pages';

/**
 * Module drawers of the organizer area. The items per module and role are the access matrix's (the spec's "Menus"
 * section, src/domain/access/matrix.ts), the one table the server's checks read too; this file only adds what
 * is built in this release. `path` is appended to /module/{administrator}/{event}/{module}. Items whose page is not part of this release
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

/** Pages of each module built in this release (the others are shown disabled in the drawer). */
export const BUILT_PAGES: Partial<Record<ModuleName, readonly string[]>> = {
  store: ['', '/tickets', '/manage/settings', '/history', ...Object.keys(storePages)],
  businessConference: ['', ...Object.keys(conferencePages)],
  settings: ['', '/user'],
  contacts: Object.keys(contactsPages),
  mails: Object.keys(mailsPages),
  exhibitor: ['', ...Object.keys(exhibitorPages)],
};

const toItem = (module: ModuleName, i: MatrixMenuItem): MenuItem => ({
  key: i.key,
  path: i.page,
  built: (BUILT_PAGES[module] ?? []).includes(i.page),
  ...(i.paidOnly ? { paidOnly: true } : {}),
  ...(i.needsConference ? { needsConference: true } : {}),
});

/**
 * The drawer for a module and the user's role in it, read from the server's access matrix (@contracts/access):
 * an item is listed exactly when its page is one the role may open (empty when the role has no menu there).
 */
export function menuFor(module: string, role: string | undefined): MenuEntry[] {
  if (!role || !(module in ACCESS_MATRIX)) return [];
  const mod = module as ModuleName;
  const perm = permissionOf(mod, role);
  if (!perm) return [];
  return perm.menu.map((e) => (isMenuGroup(e) ? { key: e.key, items: e.items.map((i) => toItem(mod, i)) } : toItem(mod, e)));
}

/** Reserved words that stand in place of the event in /module/{administrator}/{event} (spec section 2). */
export const RESERVED_WORDS = MODULE_AREA_RESERVED_WORDS;

/** Modules a user can hold per event (spec section 1). */
export const EVENT_MODULES = ['store', 'fair', 'virtualFair', 'businessConference', 'exhibitor', 'crm'] as const;

/** Roles per module that can be given to a collaborator from the team page (the matrix's team roles). */
export const MODULE_ROLES: Record<string, string[]> = Object.fromEntries(
  (Object.keys(ACCESS_MATRIX) as ModuleName[]).map((m) => [m, rolesOfModule(m, { team: true })]),
);
