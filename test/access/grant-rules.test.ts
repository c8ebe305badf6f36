import { describe, expect, it } from 'vitest';
import { MODULES } from '../../src/contracts/events.js';
import { ACCESS_MATRIX, grantableTeamRoles, mayGrant, menuPages, pagesOf, permissionOf, type AccessRole } from '../../src/domain/access/matrix.js';
import { eventDecider, type EventDetails, type EventsEvent } from '../../src/domain/events/event.js';
import { ForbiddenError } from '../../src/domain/shared/errors.js';
import { DeciderSpecification, SPEC_NOW, SPEC_USER_ID } from '../support/decider-spec.js';

const spec = DeciderSpecification.for(eventDecider);
const at = SPEC_NOW.toISOString();
const EVENT_ID = '11111111-1111-4111-8111-111111111111';
const OWNER = SPEC_USER_ID;
const SETTINGS_ADMIN = '55555555-5555-4555-8555-555555555555';
const REGISTER = '66666666-6666-4666-8666-666666666666';
const OTHER = '77777777-7777-4777-8777-777777777777';
const details: EventDetails = {
  eventName: 'Feria',
  eventCode: 'feria-2026',
  description: null,
  venue: 'Lima',
  onlineUrl: null,
  startDate: '2026-05-01T15:00:00.000Z',
  endDate: '2026-05-01T20:00:00.000Z',
  timeZone: 'America/Lima',
  currency: 'PEN',
  capacity: null,
};
const created: EventsEvent = { type: 'events.EventCreated', data: { eventId: EVENT_ID, ownerId: OWNER, ...details, at } };
const granted = (userId: string, module: 'settings' | 'store', role: 'administrator' | 'register'): EventsEvent => ({
  type: 'events.CollaboratorInvited',
  data: { eventId: EVENT_ID, eventName: details.eventName, inviteeUserId: userId, module, role, invitedBy: OWNER, invitationId: null, at },
});
const forbidden = (e: unknown) => e instanceof ForbiddenError && e.code === 'ROLE_GRANT_FORBIDDEN';
const team = [created, granted(SETTINGS_ADMIN, 'settings', 'administrator'), granted(REGISTER, 'store', 'register')];

describe('grant rules (decider, given/when/then)', () => {
  it('given a settings administrator, when it grants itself the store administrator, then it is refused', () => {
    spec.given(team).when({ type: 'GrantCollaborator', data: { userId: SETTINGS_ADMIN, module: 'store', role: 'administrator' } }, { userId: SETTINGS_ADMIN }).thenThrows(forbidden);
  });

  it('given a settings administrator, when it invites an e-mail to another module, then it is refused', () => {
    spec
      .given(team)
      .when(
        { type: 'InviteByEmail', data: { invitationId: OTHER, emailHash: 'h', emailMasked: 'a***@b.c', emailCipher: null, module: 'store', role: 'register' } },
        { userId: SETTINGS_ADMIN },
      )
      .thenThrows(forbidden);
  });

  it('given a settings administrator, when it grants a settings administrator (its own module, its own rank), then it is granted', () => {
    spec
      .given(team)
      .when({ type: 'GrantCollaborator', data: { userId: OTHER, module: 'settings', role: 'administrator' } }, { userId: SETTINGS_ADMIN })
      .then([
        {
          type: 'events.CollaboratorInvited',
          data: { eventId: EVENT_ID, eventName: details.eventName, inviteeUserId: OTHER, module: 'settings', role: 'administrator', invitedBy: SETTINGS_ADMIN, invitationId: null, at },
        },
      ]);
  });

  it('given a settings administrator, when it removes a store collaborator, then it is refused', () => {
    spec.given(team).when({ type: 'RemoveCollaborator', data: { userId: REGISTER } }, { userId: SETTINGS_ADMIN }).thenThrows(forbidden);
  });

  it('given a role that hands out nothing, when it grants, then it is refused', () => {
    spec.given(team).when({ type: 'GrantCollaborator', data: { userId: OTHER, module: 'store', role: 'register' } }, { userId: REGISTER }).thenThrows(forbidden);
  });

  it('given the owner, when it grants any role of any module, then it is granted', () => {
    spec
      .given([created])
      .when({ type: 'GrantCollaborator', data: { userId: OTHER, module: 'store', role: 'administrator' } })
      .then((events) => expect(events).toMatchObject([{ type: 'events.CollaboratorInvited', data: { module: 'store', role: 'administrator', invitedBy: OWNER } }]));
  });
});

describe('the matrix as data', () => {
  it('a role hands out only roles of its own module, never ranked above its own', () => {
    for (const mod of MODULES) {
      for (const [role, perm] of Object.entries(ACCESS_MATRIX[mod])) {
        for (const g of perm!.grants ?? []) {
          const target = permissionOf(mod, g);
          expect(target, `${mod}/${role} grants unknown ${g}`).toBeDefined();
          expect(target!.rank, `${mod}/${role} grants ${g} above itself`).toBeLessThanOrEqual(perm!.rank);
        }
      }
    }
    expect(mayGrant({ settings: 'administrator' }, false, 'store', 'administrator')).toBe(false);
    expect(mayGrant({ settings: 'administrator' }, false, 'settings', 'administrator')).toBe(true);
    expect(mayGrant({}, true, 'store', 'administrator')).toBe(true);
    expect(grantableTeamRoles({ settings: 'administrator' }, false)).toEqual({ settings: ['administrator'] });
  });

  it('every menu item is an allowed page of its role, and the pages are the menu plus extra pages only', () => {
    for (const mod of MODULES) {
      for (const [role, perm] of Object.entries(ACCESS_MATRIX[mod]) as [AccessRole, NonNullable<(typeof ACCESS_MATRIX)[typeof mod][AccessRole]>][]) {
        const pages = pagesOf(mod, role);
        expect(menuPages(perm.menu).every((p) => pages.includes(p))).toBe(true);
        expect(pages.every((p) => menuPages(perm.menu).includes(p) || (perm.extraPages ?? []).includes(p))).toBe(true);
      }
    }
  });

  it('the spec menus: store roles, business-conference differences, participant and exhibitor roles', () => {
    expect(pagesOf('store', 'register')).toEqual(['/register']);
    expect(pagesOf('store', 'symptomatology')).toEqual(['/manage/symptomatologies']);
    expect(pagesOf('businessConference', 'production')).not.toContain('/registerAttendance');
    expect(pagesOf('businessConference', 'production')).not.toContain('/helpRequest');
    expect(pagesOf('businessConference', 'support')).not.toContain('/report');
    expect(pagesOf('businessConference', 'support')).not.toContain('/settings/reminders');
    // The drawer's three (spec 2), plus the schedules page reached from /conference and /mymeetings and the catalogue's
    // product pages (demand/product/{id}).
    expect(pagesOf('businessConference', 'demand')).toEqual(['/demand/productCatalog', '/demand/participants', '/demand/companyProfile', '/demand/schedules', '/demand/product']);
    expect(pagesOf('exhibitor', 'exhibitor').slice(0, 4)).toEqual(['', '/exhibitor', '/speaker', '/invitation']);
    expect(permissionOf('businessConference', 'offer')?.scope).toBe('round');
    expect(permissionOf('exhibitor', 'exhibitor')?.scope).toBe('exhibitorCompany');
  });
});
