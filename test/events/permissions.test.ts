import { describe, expect, it } from 'vitest';
import { EVENT_ACTIONS, MODULE_ROLES, type ModuleName, type RoleName } from '../../src/contracts/events.js';
import { actionsFor, pageAllowed, PERMISSION_MATRIX } from '../../src/domain/events/permissions.js';
import { rolesOfModule } from '../../src/domain/access/matrix.js';

describe('permission matrix (data)', () => {
  it('the team roles of the matrix are exactly the roles the team page offers (the others come with their modules)', () => {
    for (const [module, roles] of Object.entries(MODULE_ROLES) as [ModuleName, readonly RoleName[]][]) {
      expect(rolesOfModule(module, { team: true }).sort()).toEqual([...roles].sort());
    }
  });

  it('only the store administrator may edit or publish; only settings administrators manage the team', () => {
    const who = (action: string) =>
      (Object.entries(PERMISSION_MATRIX) as [ModuleName, Record<string, { actions: readonly string[] }>][]).flatMap(([mod, roles]) =>
        Object.entries(roles)
          .filter(([, p]) => p.actions.includes(action))
          .map(([role]) => `${mod}/${role}`),
      );
    expect(who('event.publish')).toEqual(['store/administrator']);
    expect(who('event.edit')).toEqual(['store/administrator']);
    expect(who('collaborator.manage')).toEqual(['settings/administrator']);
    // Every team role reads the event; business-conference participants reach only their round's pages.
    expect(who('event.read')).toHaveLength(14);
  });

  it('unions actions over modules, or narrows to one module', () => {
    expect(actionsFor({ store: 'register', settings: 'administrator' })).toEqual([
      'event.read',
      'ticket.read',
      'collaborator.read',
      'collaborator.manage',
      'history.read',
      'checkin.scan',
    ]);
    expect(actionsFor({ store: 'register', settings: 'administrator' }, 'store')).toEqual(['event.read', 'ticket.read', 'checkin.scan']);
    expect(actionsFor({})).toEqual([]);
    expect(EVENT_ACTIONS.every((a) => actionsFor({ store: 'administrator', settings: 'administrator' }).includes(a))).toBe(true);
  });

  it('pages follow the menus: root for every role, listed pages and their sub-pages, administrators anywhere', () => {
    expect(pageAllowed('store', 'register', '/register')).toBe(true);
    expect(pageAllowed('store', 'register', 'register/')).toBe(true);
    expect(pageAllowed('store', 'register', '/')).toBe(true);
    expect(pageAllowed('store', 'register', '/tickets')).toBe(false);
    expect(pageAllowed('store', 'symptomatology', '/manage/symptomatologies/12')).toBe(true);
    expect(pageAllowed('store', 'symptomatology', '/manage/form')).toBe(false);
    expect(pageAllowed('businessConference', 'production', '/helpRequest')).toBe(false);
    expect(pageAllowed('businessConference', 'support', '/helpRequest')).toBe(true);
    expect(pageAllowed('businessConference', 'support', '/report')).toBe(false);
    expect(pageAllowed('businessConference', 'support', '/settings/reminders')).toBe(false);
    expect(pageAllowed('businessConference', 'production', '/settings/reminders')).toBe(true);
    expect(pageAllowed('store', 'administrator', '/anything/new')).toBe(true);
    expect(pageAllowed('store', 'production' as RoleName, '/')).toBe(false);
  });
});
