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
