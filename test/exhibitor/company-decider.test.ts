import { describe, expect, it } from 'vitest';
import { isValidRuc, type CompanyInput } from '../../src/contracts/exhibitor.js';
import { companyDecider, type CompanyEvent } from '../../src/domain/exhibitor/company.js';
import { DomainError } from '../../src/domain/shared/errors.js';
import { DeciderSpecification, SPEC_NOW, SPEC_USER_ID } from '../support/decider-spec.js';

const spec = DeciderSpecification.for(companyDecider);
const COMPANY = '00000000-0000-4000-8000-0000000000c1';
const EVENT = '00000000-0000-4000-8000-0000000000e1';
const at = SPEC_NOW.toISOString();
const input = (over: Partial<CompanyInput> = {}): CompanyInput => ({
  ruc: '20100070970',
  name: '  Café   Andino SAC ',
  sector: ' Alimentos ',
  quantityExhibitors: 3,
  quantitySpeakers: 1,
  ...over,
});
const profile = { ruc: '20100070970', name: 'Café Andino SAC', sector: 'Alimentos', quantityExhibitors: 3, quantitySpeakers: 1 };
const registered: CompanyEvent = { type: 'exhibitor.CompanyRegistered', data: { companyId: COMPANY, eventId: EVENT, profile, by: SPEC_USER_ID, at } };
const code = (c: string) => (e: unknown) => e instanceof DomainError && e.code === c;

describe('RUC check digit (SUNAT module 11)', () => {
  it('accepts well-formed RUCs and refuses a wrong check digit, a wrong length, letters or an unknown prefix', () => {
    for (const ok of ['20100070970', '20601234565', '10456789019']) expect(isValidRuc(ok)).toBe(true);
    for (const bad of ['20100070971', '2010007097', '201000709700', '2010007097A', '30100070970', '']) expect(isValidRuc(bad)).toBe(false);
  });
});

describe('RegisterCompany', () => {
  it('given nothing, when registering, then the company is registered with a trimmed profile', () => {
    spec.given([]).when({ type: 'exhibitor.RegisterCompany', data: { companyId: COMPANY, eventId: EVENT, input: input() } }).then([registered]);
  });
  it('given nothing, when the RUC check digit is wrong, then RUC_INVALID', () => {
    spec.given([]).when({ type: 'exhibitor.RegisterCompany', data: { companyId: COMPANY, eventId: EVENT, input: input({ ruc: '20100070971' }) } }).thenThrows(code('RUC_INVALID'));
  });
  it('given nothing, when the name is blank, then NAME_REQUIRED', () => {
    spec.given([]).when({ type: 'exhibitor.RegisterCompany', data: { companyId: COMPANY, eventId: EVENT, input: input({ name: '   ' }) } }).thenThrows(code('NAME_REQUIRED'));
  });
  it('given a registered company, when registering again, then COMPANY_EXISTS', () => {
    spec.given([registered]).when({ type: 'exhibitor.RegisterCompany', data: { companyId: COMPANY, eventId: EVENT, input: input() } }).thenThrows(code('COMPANY_EXISTS'));
  });
});

describe('ChangeCompany', () => {
  it('given a company, when changing the RUC and quotas, then CompanyChanged names the previous RUC', () => {
    spec
      .given([registered])
      .when({ type: 'exhibitor.ChangeCompany', data: { input: input({ ruc: '20601234565', quantityExhibitors: 5 }), expectedVersion: 1 } })
      .then([{ type: 'exhibitor.CompanyChanged', data: { companyId: COMPANY, eventId: EVENT, profile: { ...profile, ruc: '20601234565', quantityExhibitors: 5 }, previousRuc: '20100070970', by: SPEC_USER_ID, at } }]);
  });
  it('given a company, when saving the same profile, then nothing is recorded', () => {
    spec.given([registered]).when({ type: 'exhibitor.ChangeCompany', data: { input: input() } }).then([]);
  });
  it('given a company at version 1, when the page edited version 0, then COMPANY_STALE', () => {
    spec.given([registered]).when({ type: 'exhibitor.ChangeCompany', data: { input: input({ name: 'Otra' }), expectedVersion: 0 } }).thenThrows(code('COMPANY_STALE'));
  });
  it('given nothing, when changing, then COMPANY_NOT_FOUND', () => {
    spec.given([]).when({ type: 'exhibitor.ChangeCompany', data: { input: input() } }).thenThrows(code('COMPANY_NOT_FOUND'));
  });
});

describe('ChangeCompanyLogo', () => {
  it('given a company, when setting a logo, then CompanyLogoChanged; the same logo again records nothing', () => {
    const changed: CompanyEvent = { type: 'exhibitor.CompanyLogoChanged', data: { companyId: COMPANY, eventId: EVENT, logoUrl: '/api/v2/files/exhibitor/x/logo.png', by: SPEC_USER_ID, at } };
    spec.given([registered]).when({ type: 'exhibitor.ChangeCompanyLogo', data: { logoUrl: '/api/v2/files/exhibitor/x/logo.png' } }).then([changed]);
    spec.given([registered, changed]).when({ type: 'exhibitor.ChangeCompanyLogo', data: { logoUrl: '/api/v2/files/exhibitor/x/logo.png' } }).then([]);
  });
});

describe('InviteToCompany and AcceptInvitation', () => {
  const ADMIN = '00000000-0000-4000-8000-0000000000ad';
  const sent = (invitationId: string, kind: 'admin' | 'exhibitor' | 'speaker', emailHash: string, by: string = SPEC_USER_ID): CompanyEvent => ({
    type: 'exhibitor.InvitationSent',
    data: { invitationId, companyId: COMPANY, eventId: EVENT, kind, emailHash, emailCipher: `c-${emailHash}`, by, at },
  });
  const invite = (invitationId: string, kind: 'admin' | 'exhibitor' | 'speaker', emailHash: string, asOrganizer = false) =>
    ({ type: 'exhibitor.InviteToCompany', data: { invitationId, kind, emailHash, emailCipher: `c-${emailHash}`, asOrganizer } }) as const;
  const adminAccepted: CompanyEvent = { type: 'exhibitor.InvitationAccepted', data: { invitationId: 'i-admin', companyId: COMPANY, eventId: EVENT, kind: 'admin', userId: ADMIN, at } };
  const withAdmin = [registered, sent('i-admin', 'admin', 'h-admin'), adminAccepted];

  it('given a company, when the organizer invites its administrator, then InvitationSent', () => {
    spec.given([registered]).when(invite('i-admin', 'admin', 'h-admin', true)).then([sent('i-admin', 'admin', 'h-admin')]);
  });
  it('given a company, when someone who is not the organizer invites an administrator, then ONLY_ORGANIZER_INVITES_ADMIN', () => {
    spec.given(withAdmin).when(invite('i-2', 'admin', 'h-2')).thenThrows(code('ONLY_ORGANIZER_INVITES_ADMIN'));
  });
  it('given an accepted administrator, when they invite an exhibitor, then InvitationSent; a non-administrator is refused', () => {
    spec.given(withAdmin).when(invite('i-2', 'exhibitor', 'h-2'), { userId: ADMIN }).then([sent('i-2', 'exhibitor', 'h-2', ADMIN)]);
    spec.given(withAdmin).when(invite('i-2', 'exhibitor', 'h-2')).thenThrows(code('NOT_COMPANY_ADMIN'));
  });
  it('given the exhibitor quota (3) taken, when one more is invited, then QUOTA_FULL; speakers have their own quota', () => {
    const full = [...withAdmin, sent('e1', 'exhibitor', 'h1', ADMIN), sent('e2', 'exhibitor', 'h2', ADMIN), sent('e3', 'exhibitor', 'h3', ADMIN)];
    spec.given(full).when(invite('e4', 'exhibitor', 'h4'), { userId: ADMIN }).thenThrows(code('QUOTA_FULL'));
    spec.given(full).when(invite('s1', 'speaker', 'h5'), { userId: ADMIN }).then([sent('s1', 'speaker', 'h5', ADMIN)]);
    spec.given([...full, sent('s1', 'speaker', 'h5', ADMIN)]).when(invite('s2', 'speaker', 'h6'), { userId: ADMIN }).thenThrows(code('QUOTA_FULL'));
  });
  it('given an invited e-mail, when invited again with the same role, then ALREADY_INVITED', () => {
    spec.given([...withAdmin, sent('e1', 'exhibitor', 'h1', ADMIN)]).when(invite('e2', 'exhibitor', 'h1'), { userId: ADMIN }).thenThrows(code('ALREADY_INVITED'));
  });
  it('given places used, when the quota is lowered below them, then QUOTA_BELOW_USED', () => {
    spec.given([...withAdmin, sent('e1', 'exhibitor', 'h1', ADMIN), sent('e2', 'exhibitor', 'h2', ADMIN)]).when({ type: 'exhibitor.ChangeCompany', data: { input: input({ quantityExhibitors: 1 }) } }).thenThrows(code('QUOTA_BELOW_USED'));
  });
  it('given a pending invitation, when the invited e-mail accepts, then InvitationAccepted; again by the same user, nothing; by another, INVITATION_USED', () => {
    const pending = [registered, sent('i-admin', 'admin', 'h-admin')];
    spec.given(pending).when({ type: 'exhibitor.AcceptInvitation', data: { invitationId: 'i-admin', userId: ADMIN, emailHash: 'h-admin' } }, { userId: ADMIN }).then([adminAccepted]);
    spec.given(withAdmin).when({ type: 'exhibitor.AcceptInvitation', data: { invitationId: 'i-admin', userId: ADMIN, emailHash: 'h-admin' } }).then([]);
    spec.given(withAdmin).when({ type: 'exhibitor.AcceptInvitation', data: { invitationId: 'i-admin', userId: 'other', emailHash: 'h-admin' } }).thenThrows(code('INVITATION_USED'));
  });
  it('given a pending invitation, when another e-mail accepts, then INVITATION_OTHER_EMAIL; an unknown one is INVITATION_NOT_FOUND', () => {
    spec.given([registered, sent('i-admin', 'admin', 'h-admin')]).when({ type: 'exhibitor.AcceptInvitation', data: { invitationId: 'i-admin', userId: ADMIN, emailHash: 'h-other' } }).thenThrows(code('INVITATION_OTHER_EMAIL'));
    spec.given([registered]).when({ type: 'exhibitor.AcceptInvitation', data: { invitationId: 'nope', userId: ADMIN, emailHash: 'h' } }).thenThrows(code('INVITATION_NOT_FOUND'));
  });
});
