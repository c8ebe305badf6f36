import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FormField } from '../../src/contracts/sales-settings.js';
import { DomainError } from '../../src/domain/shared/errors.js';
import {
  DEFAULT_SETTINGS,
  checkOrderLimits,
  formatAnswer,
  normalizeAnswers,
  rucError,
  settingsDecider,
  validateAnswers,
  type SettingsEvent,
  type SettingsInput,
} from '../../src/domain/sales/settings.js';
import { registrationForm, settingsProjection, storeSettings } from '../../src/projections/sales/settings.js';
import { rebuildProjection } from '../../src/projections/rebuild.js';
import { DeciderSpecification, SPEC_NOW, SPEC_USER_ID, specId } from '../support/decider-spec.js';
import { useTestApp } from '../support/app.js';
import { client, createEvent, organizer, signUpVerified } from '../events/helpers.js';
import { publishedEvent } from './helpers.js';

const spec = DeciderSpecification.for(settingsDecider);
const EVENT = '00000000-0000-4000-8000-0000000000e1';
const at = SPEC_NOW.toISOString();
/** A RUC with a valid check digit (SUNAT's own). */
const RUC = '20131312955';

const input = (over: Partial<SettingsInput> = {}): SettingsInput => ({
  holdMinutes: 20,
  maxTicketsPerOrder: 6,
  maxOrdersPerEmail: 2,
  invoice: { ruc: RUC, businessName: '  Eventos Andinos SAC ', address: 'Av. Larco 101, Miraflores', taxRate: 18, receiptChoice: true },
  bankDeposit: { bank: 'BCP', accountNumber: '193-1234567-0-12', cci: '002-193-001234567012-15', holder: 'Eventos Andinos SAC' },
  ...over,
});
const change = (settings: SettingsInput, expectedVersion?: number) => ({ type: 'sales.ChangeSettings' as const, data: { eventId: EVENT, settings, expectedVersion } });
const refused = (code: string, field?: string) => (e: DomainError) => e.code === code && (field === undefined || e.details?.field === field);

describe('settings decider: manage/settings', () => {
  it('records the settings trimmed and normalized (CCI digits only)', () => {
    spec.given([]).when(change(input(), 0)).then([
      {
        type: 'sales.SettingsChanged',
        data: {
          eventId: EVENT,
          settings: {
            holdMinutes: 20,
            maxTicketsPerOrder: 6,
            maxOrdersPerEmail: 2,
            invoice: { ruc: RUC, businessName: 'Eventos Andinos SAC', address: 'Av. Larco 101, Miraflores', taxRate: 18, receiptChoice: true },
            bankDeposit: { bank: 'BCP', accountNumber: '193-1234567-0-12', cci: '00219300123456701215', holder: 'Eventos Andinos SAC' },
          },
          by: SPEC_USER_ID,
          at,
        },
      },
    ]);
  });

  it('starts from the defaults: platform hold time, no limits, IGV 18 %, no bank deposit, version 0', () => {
    spec.given([]).when(change(input(), 0)).thenState((s) => expect(s.settingsVersion).toBe(1));
    expect(settingsDecider.initialState()).toMatchObject({ settings: DEFAULT_SETTINGS, settingsVersion: 0, formVersion: 0, fields: [] });
    expect(DEFAULT_SETTINGS).toEqual({
      holdMinutes: null,
      maxTicketsPerOrder: null,
      maxOrdersPerEmail: null,
      invoice: { ruc: null, businessName: null, address: null, taxRate: 18, receiptChoice: false },
      bankDeposit: null,
    });
  });

  it('empty bank fields mean no instructions; empty texts are null', () => {
    spec
      .given([])
      .when(change(input({ bankDeposit: { bank: ' ', accountNumber: '', cci: null, holder: '' }, invoice: { ruc: '', businessName: '', address: null, taxRate: 18, receiptChoice: false } })))
      .then(([e]) => {
        expect(e.type === 'sales.SettingsChanged' && e.data.settings.bankDeposit).toBe(null);
        expect(e.type === 'sales.SettingsChanged' && e.data.settings.invoice).toEqual({ ruc: null, businessName: null, address: null, taxRate: 18, receiptChoice: false });
      });
  });

  it('refuses a hold time outside 5-60 minutes', () => {
    for (const holdMinutes of [4, 61, 10.5]) {
      spec.given([]).when(change(input({ holdMinutes }))).thenThrows(DomainError, (e) => {
        expect(e).toMatchObject({ code: 'INVALID_HOLD_MINUTES', messagePublic: 'El tiempo de reserva debe estar entre 5 y 60 minutos.', details: { field: 'holdMinutes' } });
      });
    }
    spec.given([]).when(change(input({ holdMinutes: 5 }))).then((events) => expect(events).toHaveLength(1));
    spec.given([]).when(change(input({ holdMinutes: null }))).then((events) => expect(events).toHaveLength(1));
  });

  it('refuses order limits that are not 1-1000', () => {
    spec.given([]).when(change(input({ maxTicketsPerOrder: 0 }))).thenThrows(DomainError, refused('INVALID_LIMIT', 'maxTicketsPerOrder'));
    spec.given([]).when(change(input({ maxOrdersPerEmail: 1001 }))).thenThrows(DomainError, refused('INVALID_LIMIT', 'maxOrdersPerEmail'));
  });

  it('checks the RUC: 11 digits, a taxpayer prefix and the check digit', () => {
    expect(rucError(RUC)).toBe(null);
    expect(rucError('10456789124')).toBe(null);
    expect(rucError('2013131295')).toBe('El RUC debe tener 11 dígitos.');
    expect(rucError('30131312955')).toBe('El RUC debe empezar por 10, 15, 16, 17 o 20.');
    expect(rucError('20131312954')).toBe('El RUC no es válido: su dígito verificador no coincide.');
    const bad = input();
    bad.invoice.ruc = '20131312954';
    spec.given([]).when(change(bad)).thenThrows(DomainError, refused('INVALID_RUC', 'invoice.ruc'));
  });

  it('refuses a tax rate out of 0-100 or with more than two decimals', () => {
    for (const taxRate of [-1, 101, 18.005]) {
      const bad = input();
      bad.invoice.taxRate = taxRate;
      spec.given([]).when(change(bad)).thenThrows(DomainError, refused('INVALID_TAX_RATE', 'invoice.taxRate'));
    }
  });

  it('offers boleta or factura only with the RUC, business name and address', () => {
    const bad = input();
    bad.invoice.address = ' ';
    spec.given([]).when(change(bad)).thenThrows(DomainError, (e) => {
      expect(e).toMatchObject({ code: 'RECEIPT_CHOICE_NEEDS_INVOICE', messagePublic: 'Para ofrecer boleta o factura, completa el RUC, la razón social y la dirección fiscal.' });
    });
  });

  it('asks the whole bank-deposit data once any of it is given; a CCI has 20 digits', () => {
    const partial = (b: Partial<NonNullable<SettingsInput['bankDeposit']>>) => input({ bankDeposit: { bank: 'BCP', accountNumber: '1931234567012', cci: null, holder: 'Ana', ...b } });
    spec.given([]).when(change(partial({ bank: '' }))).thenThrows(DomainError, refused('BANK_REQUIRED', 'bankDeposit.bank'));
    spec.given([]).when(change(partial({ accountNumber: '' }))).thenThrows(DomainError, refused('ACCOUNT_REQUIRED', 'bankDeposit.accountNumber'));
    spec.given([]).when(change(partial({ accountNumber: 'ABC-123' }))).thenThrows(DomainError, refused('INVALID_ACCOUNT', 'bankDeposit.accountNumber'));
    spec.given([]).when(change(partial({ cci: '0021930012345670121' }))).thenThrows(DomainError, refused('INVALID_CCI', 'bankDeposit.cci'));
    spec.given([]).when(change(partial({ holder: ' ' }))).thenThrows(DomainError, refused('HOLDER_REQUIRED', 'bankDeposit.holder'));
  });

  it('refuses a save of an older version with a 409 in Spanish (a teammate saved in between)', () => {
    const saved: SettingsEvent = { type: 'sales.SettingsChanged', data: { eventId: EVENT, settings: DEFAULT_SETTINGS, by: SPEC_USER_ID, at } };
    spec.given([saved]).when(change(input(), 0)).thenThrows(DomainError, (e) => {
      expect(e).toMatchObject({ status: 409, code: 'SETTINGS_STALE', messagePublic: 'Otro miembro del equipo cambió esta configuración. Recarga la página para ver los cambios.' });
    });
    spec.given([saved]).when(change(input(), 1)).then((events) => expect(events).toHaveLength(1));
  });

  it('a form save does not make the settings page stale (each part has its own version)', () => {
    const form: SettingsEvent = { type: 'sales.FormChanged', data: { eventId: EVENT, fields: [], by: SPEC_USER_ID, at } };
    spec.given([form]).when(change(input(), 0)).then((events) => expect(events).toHaveLength(1));
  });

  it('saving the same settings again records nothing', () => {
    const [first] = spec.given([]).when(change(input(), 0)).then((events) => expect(events).toHaveLength(1)) as SettingsEvent[];
    spec.given([first]).when(change(input(), 1)).then([]);
  });
});

describe('settings decider: manage/form', () => {
  const form = (fields: unknown[], expectedVersion?: number) => ({
    type: 'sales.ChangeForm' as const,
    data: { eventId: EVENT, fields: fields as never, ticketTypeIds: ['t-general', 't-vip'], expectedVersion },
  });

  it('records the fields in order, trimmed, giving new fields an id', () => {
    spec
      .given([])
      .when(
        form(
          [
            { label: ' Empresa ', type: 'text', required: true },
            { _id: 'size', label: 'Talla de polo', type: 'choice', options: [' S', 'M ', 'L'], ticketTypeIds: ['t-vip'] },
            { label: 'Acepto', type: 'consent', required: true, consentText: ' Autorizo el tratamiento de mis datos. ', ticketTypeIds: [] },
          ],
          0,
        ),
      )
      .then([
        {
          type: 'sales.FormChanged',
          data: {
            eventId: EVENT,
            fields: [
              { _id: specId(1), label: 'Empresa', type: 'text', required: true },
              { _id: 'size', label: 'Talla de polo', type: 'choice', required: false, options: ['S', 'M', 'L'], ticketTypeIds: ['t-vip'] },
              { _id: specId(2), label: 'Acepto', type: 'consent', required: true, consentText: 'Autorizo el tratamiento de mis datos.' },
            ],
            by: SPEC_USER_ID,
            at,
          },
        },
      ]);
  });

  it('refuses what a buyer could not answer', () => {
    const cases: [unknown, string, string][] = [
      [{ label: '  ', type: 'text' }, 'LABEL_REQUIRED', 'fields.0.label'],
      [{ label: 'Talla', type: 'choice', options: ['S'] }, 'OPTIONS_REQUIRED', 'fields.0.options'],
      [{ label: 'Talla', type: 'multiChoice', options: ['S', ' s '] }, 'OPTION_DUPLICATE', 'fields.0.options'],
      [{ label: 'Talla', type: 'choice', options: ['S', ''] }, 'OPTION_EMPTY', 'fields.0.options'],
      [{ label: 'Nombre', type: 'text', options: ['A', 'B'] }, 'OPTIONS_NOT_ALLOWED', 'fields.0.options'],
      [{ label: 'Acepto', type: 'consent', consentText: ' ' }, 'CONSENT_TEXT_REQUIRED', 'fields.0.consentText'],
      [{ label: 'DNI', type: 'document', ticketTypeIds: ['t-gone'] }, 'UNKNOWN_TICKET_TYPE', 'fields.0.ticketTypeIds'],
    ];
    for (const [field, code, path] of cases) spec.given([]).when(form([field])).thenThrows(DomainError, refused(code, path));
    spec
      .given([])
      .when(form([{ _id: 'a', label: 'A', type: 'text' }, { _id: 'a', label: 'B', type: 'text' }]))
      .thenThrows(DomainError, refused('DUPLICATE_FIELD', 'fields.1._id'));
    spec.given([]).when(form(Array.from({ length: 51 }, (_, i) => ({ label: `P${i}`, type: 'text' })))).thenThrows(DomainError, refused('TOO_MANY_FIELDS'));
  });

  it('refuses a stale form with the 409 and saves at the current version', () => {
    const saved: SettingsEvent = { type: 'sales.FormChanged', data: { eventId: EVENT, fields: [], by: SPEC_USER_ID, at } };
    spec.given([saved, saved]).when(form([{ label: 'Empresa', type: 'text' }], 1)).thenThrows(DomainError, refused('SETTINGS_STALE'));
    spec.given([saved, saved]).when(form([{ label: 'Empresa', type: 'text' }], 2)).thenState((s) => expect(s.formVersion).toBe(3));
  });
});

describe('checkOrderLimits', () => {
  it('refuses more tickets per purchase, or more orders per e-mail, than the settings allow; null never refuses', () => {
    expect(() => checkOrderLimits({ maxTicketsPerOrder: null, maxOrdersPerEmail: null }, { tickets: 999, earlierOrdersOfEmail: 50 })).not.toThrow();
    expect(() => checkOrderLimits({ maxTicketsPerOrder: 4, maxOrdersPerEmail: null }, { tickets: 4 })).not.toThrow();
    expect(() => checkOrderLimits({ maxTicketsPerOrder: 4, maxOrdersPerEmail: null }, { tickets: 5 })).toThrow(
      expect.objectContaining({ code: 'OVER_MAX_TICKETS_PER_ORDER', messagePublic: 'Puedes comprar como máximo 4 entradas por compra en este evento.' }),
    );
    expect(() => checkOrderLimits({ maxTicketsPerOrder: null, maxOrdersPerEmail: 1 }, { tickets: 1, earlierOrdersOfEmail: 0 })).not.toThrow();
    expect(() => checkOrderLimits({ maxTicketsPerOrder: null, maxOrdersPerEmail: 1 }, { tickets: 1, earlierOrdersOfEmail: 1 })).toThrow(
      expect.objectContaining({ code: 'OVER_MAX_ORDERS_PER_EMAIL', status: 409, messagePublic: 'Este correo ya hizo la única compra permitida para este evento.' }),
    );
  });
});

describe('validateAnswers', () => {
  const fields: FormField[] = [
    { _id: 'company', label: 'Empresa', type: 'text', required: true },
    { _id: 'size', label: 'Talla', type: 'choice', required: true, options: ['S', 'M', 'L'] },
    { _id: 'topics', label: 'Temas', type: 'multiChoice', required: false, options: ['IA', 'Datos', 'Cloud'] },
    { _id: 'birth', label: 'Fecha de nacimiento', type: 'date', required: false },
    { _id: 'doc', label: 'Documento', type: 'document', required: true },
    { _id: 'mail', label: 'Correo de trabajo', type: 'email', required: false },
    { _id: 'phone', label: 'Celular', type: 'phone', required: false },
    { _id: 'terms', label: 'Términos', type: 'consent', required: true, consentText: 'Acepto los términos.' },
    { _id: 'news', label: 'Novedades', type: 'consent', required: false, consentText: 'Quiero recibir novedades.' },
    { _id: 'vipOnly', label: 'Menú', type: 'choice', required: true, options: ['Vegano', 'Clásico'], ticketTypeIds: ['vip'] },
  ];
  const good = { company: ' Andina ', size: 'M', topics: ['IA', 'Cloud'], birth: '1990-02-28', doc: 'dni:12345678', mail: 'ana@andina.pe', phone: '+51 987 654 321', terms: true, news: false };

  it('accepts complete answers and ignores fields of other ticket types and unknown keys', () => {
    expect(validateAnswers(fields, { ...good, other: 'x' }, 'general')).toEqual({});
    expect(validateAnswers(fields, { ...good }, 'vip')).toEqual({ vipOnly: 'Este campo es obligatorio.' });
    expect(validateAnswers(fields, { ...good, vipOnly: 'Vegano' }, 'vip')).toEqual({});
  });

  it('asks every required field, and a required consent accepted', () => {
    expect(validateAnswers(fields, { company: '  ', topics: [], terms: false }, 'general')).toEqual({
      company: 'Este campo es obligatorio.',
      size: 'Este campo es obligatorio.',
      doc: 'Este campo es obligatorio.',
      terms: 'Debes aceptar para continuar.',
    });
  });

  it('answers each type by its rule, in Spanish', () => {
    const one = (id: string, value: unknown) => validateAnswers(fields, { ...good, [id]: value } as never, 'general')[id];
    expect(one('size', 'XL')).toBe('Elige una de las opciones.');
    expect(one('size', ['M'])).toBe('Respuesta no válida.');
    expect(one('topics', ['IA', 'Blockchain'])).toBe('Elige una de las opciones.');
    expect(one('topics', ['IA', 'IA'])).toBe('Elige una de las opciones.');
    expect(one('birth', '1990-02-30')).toBe('Escribe una fecha válida (AAAA-MM-DD).');
    expect(one('birth', '28/02/1990')).toBe('Escribe una fecha válida (AAAA-MM-DD).');
    expect(one('doc', 'dni:1234567')).toBe('El DNI debe tener 8 dígitos.');
    expect(one('doc', 'dni:1234567A')).toBe('El DNI debe tener 8 dígitos.');
    expect(one('doc', '12345678')).toBe('Elige el tipo de documento: DNI, carné de extranjería o pasaporte.');
    expect(one('doc', 'ce:0012345')).toBe('El carné de extranjería debe tener de 8 a 12 letras o dígitos.');
    expect(one('doc', 'ce:001234567')).toBeUndefined();
    expect(one('doc', 'passport:ab12')).toBe('El pasaporte debe tener de 6 a 12 letras o dígitos.');
    expect(one('doc', 'passport:pe123456')).toBeUndefined();
    expect(one('mail', 'ana@')).toBe('Escribe un correo electrónico válido.');
    expect(one('phone', '12ab')).toBe('Escribe un teléfono válido (de 6 a 15 dígitos, puede empezar por +).');
    expect(one('terms', 'sí')).toBe('Respuesta no válida.');
    expect(one('company', 'x'.repeat(501))).toBe('Máximo 500 caracteres.');
    expect(one('company', true)).toBe('Respuesta no válida.');
  });

  it('keeps only the fields asked, trimmed, documents upper-cased; formats answers for people', () => {
    expect(normalizeAnswers(fields, { ...good, doc: 'passport: pe123456 ', other: 'x', news: false }, 'general')).toEqual({
      company: 'Andina',
      size: 'M',
      topics: ['IA', 'Cloud'],
      birth: '1990-02-28',
      doc: 'passport:PE123456',
      mail: 'ana@andina.pe',
      phone: '+51 987 654 321',
      terms: true,
    });
    expect(formatAnswer(fields[4], 'dni:12345678')).toBe('DNI 12345678');
    expect(formatAnswer(fields[7], true)).toBe('Sí');
    expect(formatAnswer(fields[2], ['IA', 'Cloud'])).toBe('IA, Cloud');
  });
});

describe('settings and form over HTTP', () => {
  const app = useTestApp({ env: { SALES_HOLD_SECONDS: '600' } });
  const settingsBody = (over: Record<string, unknown> = {}) => ({
    holdMinutes: 20,
    maxTicketsPerOrder: 6,
    maxOrdersPerEmail: null,
    invoice: { ruc: RUC, businessName: 'Eventos Andinos SAC', address: 'Av. Larco 101', taxRate: 18, receiptChoice: true },
    bankDeposit: { bank: 'BCP', accountNumber: '193-1234567-0-12', cci: '00219300123456701215', holder: 'Eventos Andinos SAC' },
    expectedVersion: 0,
    clientId: randomUUID(),
    ...over,
  });

  it('the administrator saves the settings; defaults before; a retry is answered once; a stale save is a 409', async () => {
    const org = await organizer(app.url);
    const ev = (await createEvent(org)).data;
    const before = await org.get(`/event/${ev._id}/storeSettings`);
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({ ...DEFAULT_SETTINGS, version: 0, defaultHoldMinutes: 10, updatedAt: null });
    expect((await storeSettings(app.ctx.db, ev._id, { defaultHoldSeconds: 600 })).holdSeconds).toBe(600);

    const body = settingsBody();
    const saved = await org.put(`/event/${ev._id}/storeSettings`, body);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ holdMinutes: 20, maxTicketsPerOrder: 6, version: 1 });
    const retry = await org.put(`/event/${ev._id}/storeSettings`, body);
    expect(retry.status).toBe(200);
    expect(retry.body.data.version).toBe(1);

    const read = await org.get(`/event/${ev._id}/storeSettings?after=${saved.body.position}`);
    expect(read.body.data).toMatchObject({ holdMinutes: 20, version: 1, invoice: { ruc: RUC, receiptChoice: true }, bankDeposit: { cci: '00219300123456701215' } });
    const effective = await storeSettings(app.ctx.db, ev._id, { defaultHoldSeconds: 600 });
    expect(effective).toMatchObject({ holdMinutes: 20, holdSeconds: 1200, maxTicketsPerOrder: 6, maxOrdersPerEmail: null, version: 1 });

    const stale = await org.put(`/event/${ev._id}/storeSettings`, settingsBody({ holdMinutes: 30 }));
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ status: 409, code: 'SETTINGS_STALE', messagePublic: 'Otro miembro del equipo cambió esta configuración. Recarga la página para ver los cambios.' });

    const bad = await org.put(`/event/${ev._id}/storeSettings`, settingsBody({ expectedVersion: 1, holdMinutes: 90 }));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'INVALID_HOLD_MINUTES', errors: [{ path: 'holdMinutes', message: 'El tiempo de reserva debe estar entre 5 y 60 minutos.' }] });
    const wrongShape = await org.put(`/event/${ev._id}/storeSettings`, { ...settingsBody(), holdMinutes: 'veinte' });
    expect(wrongShape.status).toBe(400);
    expect(wrongShape.body.messagePublic).toBeTruthy();
    // Nothing of the refused saves was written.
    expect((await org.get(`/event/${ev._id}/storeSettings`)).body.data.version).toBe(1);
  });

  it('a register collaborator reads but cannot write; another organizer cannot read', async () => {
    const org = await organizer(app.url);
    const ev = await publishedEvent(org, { capacity: 50, tickets: [{ name: 'General' }] });
    const desk = await signUpVerified(app, { displayName: 'Recepción' });
    const granted = await org.post(`/event/${ev.id}/collaborator`, { email: desk.email, module: 'store', role: 'register' });
    expect(granted.body.data.status).toBe('granted');
    const deskClient = client(app.url, desk);
    expect((await deskClient.get(`/event/${ev.id}/storeSettings`)).status).toBe(200);
    const write = await deskClient.put(`/event/${ev.id}/storeSettings`, settingsBody());
    expect(write.status).toBe(403);
    expect((await deskClient.put(`/event/${ev.id}/form`, { fields: [], expectedVersion: 0, clientId: randomUUID() })).status).toBe(403);

    const other = await organizer(app.url, 'Otra organizadora');
    // A published event is public: the guard answers 403 rather than 404.
    const read = await other.get(`/event/${ev.id}/storeSettings`);
    expect(read.status).toBe(403);
    expect(read.body.messagePublic).toBeTruthy();
    expect((await other.put(`/event/${ev.id}/form`, { fields: [], expectedVersion: 0, clientId: randomUUID() })).status).toBe(403);
    expect((await client(app.url).get(`/event/${ev.id}/storeSettings`)).status).toBe(401);
  });

  it('the form: built by the administrator, public for a published event (by id or code), in eventInformation', async () => {
    const org = await organizer(app.url);
    const ev = await publishedEvent(org, { capacity: 50, tickets: [{ name: 'General' }, { name: 'VIP', price: 0 }] });
    const fields = [
      { label: 'Empresa', type: 'text', required: true },
      { label: 'Talla', type: 'choice', options: ['S', 'M'], ticketTypeIds: [ev.ticketIds[1]] },
      { label: 'Datos personales', type: 'consent', required: true, consentText: 'Autorizo el uso de mis datos.' },
    ];
    const body = { fields, expectedVersion: 0, clientId: randomUUID() };
    const saved = await org.put(`/event/${ev.id}/form`, body);
    expect(saved.status).toBe(200);
    expect(saved.body.data.version).toBe(1);
    expect(saved.body.data.fields.map((f: FormField) => f.label)).toEqual(['Empresa', 'Talla', 'Datos personales']);
    // The retry answers the same ids (nothing appended twice).
    const retry = await org.put(`/event/${ev.id}/form`, body);
    expect(retry.body.data).toEqual(saved.body.data);

    const anonymous = client(app.url);
    const byCode = await anonymous.get(`/event/${ev.code}/form?after=${saved.body.position}`);
    expect(byCode.status).toBe(200);
    expect(byCode.body.data).toEqual(saved.body.data);
    expect((await anonymous.get(`/event/${ev.id}/form`)).body.data.version).toBe(1);
    expect((await registrationForm(app.ctx.db, ev.id)).fields).toEqual(saved.body.data.fields);

    const info = await org.get(`/eventInformation/${ev.id}`);
    expect(info.body.fields).toEqual(saved.body.data.fields.map((f: FormField) => ({ _id: f._id, label: f.label, type: f.type, required: f.required })));

    // A refused field answers with its path; a stale builder gets the 409.
    const bad = await org.put(`/event/${ev.id}/form`, { fields: [{ label: 'Talla', type: 'choice', options: ['S'] }], expectedVersion: 1, clientId: randomUUID() });
    expect(bad.body).toMatchObject({ status: 400, code: 'OPTIONS_REQUIRED', errors: [{ path: 'fields.0.options', message: 'Una pregunta de opciones necesita al menos dos opciones.' }] });
    const stale = await org.put(`/event/${ev.id}/form`, { fields: [], expectedVersion: 0, clientId: randomUUID() });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('SETTINGS_STALE');

    // What a buyer sees at checkout: before any settings, the event's bank-deposit payment method stands in.
    const method = await org.post(`/event/${ev.id}/paymentMethod`, { kind: 'bankDeposit', bank: 'BBVA', account: '0011-0123-0200123456', holder: 'Ana Organiza' });
    expect(method.status).toBe(201);
    const before = await anonymous.get(`/event/${ev.code}/checkoutSettings?after=${method.body.position}`);
    expect(before.body.data).toMatchObject({
      holdMinutes: 10,
      receiptChoice: false,
      invoice: { taxRate: 18 },
      bankDeposit: { bank: 'BBVA', accountNumber: '0011-0123-0200123456', cci: null, holder: 'Ana Organiza' },
    });
    const settings = await org.put(`/event/${ev.id}/storeSettings`, settingsBody());
    const checkout = await anonymous.get(`/event/${ev.code}/checkoutSettings?after=${settings.body.position}`);
    expect(checkout.status).toBe(200);
    expect(checkout.body.data).toEqual({
      eventId: ev.id,
      holdMinutes: 20,
      maxTicketsPerOrder: 6,
      receiptChoice: true,
      invoice: { ruc: RUC, businessName: 'Eventos Andinos SAC', address: 'Av. Larco 101', taxRate: 18 },
      bankDeposit: { bank: 'BCP', accountNumber: '193-1234567-0-12', cci: '00219300123456701215', holder: 'Eventos Andinos SAC' },
    });
  });

  it('a reservation holds for the settings hold time and keeps to the tickets-per-purchase limit', async () => {
    const org = await organizer(app.url);
    const ev = await publishedEvent(org, { capacity: 50, tickets: [{ name: 'General', maxPerOrder: 10 }] });
    const buyer = await organizer(app.url, 'Compradora');
    const reserve = (quantity: number) => buyer.post('/reservation', { eventId: ev.id, lines: [{ ticketTypeId: ev.ticketIds[0], quantity }], clientId: randomUUID() });
    // Before any setting: the platform's hold (SALES_HOLD_SECONDS=600 here) and no limit of its own.
    const first = await reserve(4);
    expect(first.status).toBe(201);
    const held = (r: { body: { order: { holdUntil: string; createdAt: string } } }) => Math.round((Date.parse(r.body.order.holdUntil) - Date.parse(r.body.order.createdAt)) / 10_000) * 10;
    expect(held(first)).toBe(600);

    const saved = await org.put(`/event/${ev.id}/storeSettings`, settingsBody({ holdMinutes: 30, maxTicketsPerOrder: 3 }));
    expect(saved.status).toBe(200);
    await org.get(`/event/${ev.id}/storeSettings?after=${saved.body.position}`);
    const tooMany = await reserve(4);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ code: 'OVER_MAX_TICKETS_PER_ORDER', messagePublic: 'Puedes comprar como máximo 3 entradas por compra en este evento.' });
    const ok = await reserve(3);
    expect(ok.status).toBe(201);
    expect(held(ok)).toBe(30 * 60);
  });

  it("the attendee step checks answers with the event's form and keeps to the orders-per-e-mail limit", async () => {
    const org = await organizer(app.url);
    const ev = await publishedEvent(org, { capacity: 50, tickets: [{ name: 'General' }] });
    const form = await org.put(`/event/${ev.id}/form`, { fields: [{ label: 'DNI', type: 'document', required: true }], expectedVersion: 0, clientId: randomUUID() });
    const dni = form.body.data.fields[0]._id;
    const saved = await org.put(`/event/${ev.id}/storeSettings`, settingsBody({ maxOrdersPerEmail: 1, maxTicketsPerOrder: null }));
    await org.get(`/event/${ev.id}/storeSettings?after=${saved.body.position}`);
    const anonymous = client(app.url);
    const order = async () => (await anonymous.post('/reservation', { eventId: ev.id, lines: [{ ticketTypeId: ev.ticketIds[0], quantity: 1 }], clientId: randomUUID() })).body.order._id as string;
    const attendees = (orderId: string, email: string, doc: string) =>
      anonymous.put(`/reservation/${orderId}/attendees`, {
        buyer: { name: 'Ana Pérez', email },
        attendees: [{ ticketTypeId: ev.ticketIds[0], name: 'Ana Pérez', email, answers: { [dni]: doc } }],
        clientId: randomUUID(),
      });
    const first = await order();
    const wrong = await attendees(first, 'ana@example.pe', 'dni:123');
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ path: `attendees.0.answers.${dni}`, message: 'El DNI debe tener 8 dígitos.' }]);
    const ok = await attendees(first, 'ana@example.pe', 'dni:12345678');
    expect(ok.status).toBe(200);
    await anonymous.get(`/reservation/${first}?after=${ok.body.position}`);
    // The same e-mail (any case) on a second order is refused; another e-mail is not.
    const second = await order();
    const refused = await attendees(second, 'ANA@example.pe', 'dni:87654321');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'OVER_MAX_ORDERS_PER_EMAIL', messagePublic: 'Este correo ya hizo la única compra permitida para este evento.' });
    expect((await attendees(second, 'luis@example.pe', 'dni:87654321')).status).toBe(200);
    // Setting the first order's attendees again is not a second order.
    expect((await attendees(first, 'ana@example.pe', 'dni:12345678')).status).toBe(200);
  });

  it('a buyer asks for a factura where the store offers it: checked in Spanish, on the order, its detail and the orders export', async () => {
    const org = await organizer(app.url);
    const ev = await publishedEvent(org, { capacity: 50, tickets: [{ name: 'General', price: 40 }], paid: true });
    const anonymous = client(app.url);
    const order = async () => {
      const r = await anonymous.post('/reservation', { eventId: ev.id, lines: [{ ticketTypeId: ev.ticketIds[0], quantity: 1 }], clientId: randomUUID() });
      return { id: r.body.order._id as string, checkout: (await anonymous.get(`/reservation/${r.body.order._id}?after=${r.body.position}`)).body };
    };
    const attendees = (orderId: string, receipt?: unknown) =>
      anonymous.put(`/reservation/${orderId}/attendees`, {
        buyer: { name: 'Ana Pérez', email: 'ana@example.pe' },
        attendees: [{ ticketTypeId: ev.ticketIds[0], name: 'Ana Pérez', email: 'ana@example.pe', answers: {} }],
        ...(receipt ? { receipt } : {}),
        clientId: randomUUID(),
      });
    const factura = { kind: 'factura', ruc: '20131312955', businessName: 'Cafés del Norte S.A.C.', address: 'Av. Arequipa 123, Lima' };
    // Not offered yet (no invoice data): a factura is refused, a boleta is fine, and the checkout says so.
    const { id: first, checkout } = await order();
    expect(checkout.payment.receiptChoice).toBe(false);
    const refused = await attendees(first, factura);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'RECEIPT_NOT_OFFERED', messagePublic: 'Esta tienda no emite facturas: tu comprobante será una boleta.' });
    expect((await attendees(first, { kind: 'boleta' })).status).toBe(200);
    // Offered: a wrong RUC is named in Spanish, a right one is kept on the order.
    const saved = await org.put(`/event/${ev.id}/storeSettings`, settingsBody());
    await org.get(`/event/${ev.id}/storeSettings?after=${saved.body.position}`);
    const { id: second, checkout: offered } = await order();
    expect(offered.payment.receiptChoice).toBe(true);
    const wrongRuc = await attendees(second, { ...factura, ruc: '20131312954' });
    expect(wrongRuc.status).toBe(400);
    expect(wrongRuc.body.errors).toEqual([{ path: 'receipt.ruc', message: 'El RUC no es válido: revisa sus dígitos.' }]);
    const ok = await attendees(second, factura);
    expect(ok.status).toBe(200);
    expect(ok.body.order.receipt).toEqual(factura);
    const detail = await anonymous.get(`/reservation/${second}?after=${ok.body.position}`);
    expect(detail.body.receipt).toEqual(factura);
    expect(detail.body.history.at(-1)).toMatchObject({ type: 'AttendeesSet', detail: { receipt: 'factura' } });
    const csv = await org.get(`/event/${ev.id}/manageAttendees/orders/export?format=csv`);
    expect(csv.status).toBe(200);
    const text = String(csv.body);
    expect(text.split('\n')[0]).toContain('"Comprobante","RUC","Razón social","Dirección fiscal"');
    expect(text).toContain('"Factura","20131312955","Cafés del Norte S.A.C.","Av. Arequipa 123, Lima"');
    expect(text).toMatch(/"Boleta","?"?,"?"?,"?"?\r?\n/);
  });

  it("a draft's form is read only by its team", async () => {
    const org = await organizer(app.url);
    const ev = (await createEvent(org)).data;
    const saved = await org.put(`/event/${ev._id}/form`, { fields: [{ label: 'DNI', type: 'document', required: true }], expectedVersion: 0, clientId: randomUUID() });
    expect(saved.status).toBe(200);
    expect((await org.get(`/event/${ev._id}/form?after=${saved.body.position}`)).body.data.fields).toHaveLength(1);
    const hidden = await client(app.url).get(`/event/${ev.eventCode}/form`);
    expect(hidden.status).toBe(404);
    expect(hidden.body.messagePublic).toBe('El evento no existe.');
    expect((await (await organizer(app.url, 'Otra')).get(`/event/${ev._id}/form`)).status).toBe(404);
    expect((await client(app.url).get('/event/no-existe/form')).status).toBe(404);
  });

  // Every write above was read back with ?after=, so the live rows are complete.
  it('a rebuild of sales.settings equals the live read model', async () => {
    const rows = () => app.ctx.db.selectFrom('sales_settings').selectAll().orderBy('event_id').execute();
    const live = await rows();
    expect(live.length).toBeGreaterThan(3);
    expect(live.some((r) => r.settings_version > 0 && r.form_version > 0)).toBe(true);
    await rebuildProjection({ db: app.ctx.db, store: app.ctx.store }, settingsProjection);
    expect(await rows()).toEqual(live);
  });
});
