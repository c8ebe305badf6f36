import type { Request, Router } from 'express';
import type { AppContext } from '../../context.js';
import {
  checkoutSettingsResponse,
  registrationFormResponse,
  registrationFormWriteResponse,
  publicEventParams,
  settingsEventParams,
  storeSettingsResponse,
  storeSettingsWriteResponse,
  updateFormRequest,
  updateStoreSettingsRequest,
  type CheckoutSettings,
  type StoreSettingsDto,
  type StoreSettingsValues,
} from '../../contracts/sales-settings.js';
import { changeRegistrationForm, changeStoreSettings } from '../../commands/sales/settings.js';
import { messages } from '../../messages/es.js';
import { findEvent, paymentMethodsOf } from '../../projections/events/queries.js';
import { registrationForm, storeSettings } from '../../projections/sales/settings.js';
import { authorizeRequest } from '../access/guard.js';
import { HttpError } from '../errors.js';
import { defineRoute } from '../route.js';

const TAG = 'sales';

/**
 * Routes of the store's settings (manage/settings) and registration form (manage/form): the team reads them
 * with event.read, the administrator saves them with event.edit; buyers read the form and the checkout-relevant
 * settings of a published event.
 */
export function registerSettingsRoutes(router: Router, ctx: AppContext) {
  const defaultHoldMinutes = Math.round((ctx.config.salesHoldSeconds / 60) * 100) / 100;
  const dto = (eventId: string, s: StoreSettingsValues, version: number, updatedAt: string | null): StoreSettingsDto => ({
    eventId,
    ...s,
    version,
    defaultHoldMinutes,
    updatedAt,
  });

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/event/:id/storeSettings',
      summary: 'Configuración de la tienda del evento (tiempo de reserva, límites, datos de facturación, depósito bancario)',
      tag: TAG,
      auth: 'user',
      params: settingsEventParams,
      response: storeSettingsResponse,
      access: { action: 'event.read', event: (i) => i.params.id },
    },
    async ({ access }) => {
      const s = await storeSettings(ctx.db, access.eventId, { defaultHoldSeconds: ctx.config.salesHoldSeconds });
      const { holdMinutes, maxTicketsPerOrder, maxOrdersPerEmail, invoice, bankDeposit } = s;
      return { data: dto(access.eventId, { holdMinutes, maxTicketsPerOrder, maxOrdersPerEmail, invoice, bankDeposit }, s.version, s.updatedAt) };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'put',
      path: '/event/:id/storeSettings',
      summary: 'Guarda la configuración de la tienda (completa); expectedVersion es la versión editada: si otro la cambió, 409',
      tag: TAG,
      auth: 'user',
      params: settingsEventParams,
      body: updateStoreSettingsRequest,
      response: storeSettingsWriteResponse,
      access: { action: 'event.edit', event: (i) => i.params.id },
    },
    async ({ body, access, user }) => {
      const { expectedVersion, clientId, ...settings } = body;
      const r = await changeStoreSettings(ctx, { eventId: access.eventId, settings, expectedVersion, clientId, by: user!._id });
      return { data: dto(access.eventId, r.state.settings, r.state.settingsVersion, r.state.settingsUpdatedAt), position: r.position };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      // Public: not an access-guarded event route (hence `:event`); a draft's form is checked by readableEvent.
      path: '/event/:event/form',
      summary: 'Formulario de registro del evento (por id o código): público si el evento está publicado; de un borrador, solo para su equipo',
      tag: TAG,
      auth: 'optional',
      params: publicEventParams,
      response: registrationFormResponse,
    },
    async ({ params, req }) => {
      const eventId = await readableEvent(ctx, req, params.event);
      const { fields, version } = await registrationForm(ctx.db, eventId);
      return { data: { fields, version } };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'put',
      path: '/event/:id/form',
      summary: 'Guarda el formulario de registro (la lista completa de campos en orden); expectedVersion es la versión editada: si otro la cambió, 409',
      tag: TAG,
      auth: 'user',
      params: settingsEventParams,
      body: updateFormRequest,
      response: registrationFormWriteResponse,
      access: { action: 'event.edit', event: (i) => i.params.id },
    },
    async ({ body, access, user }) => {
      const r = await changeRegistrationForm(ctx, {
        eventId: access.eventId,
        fields: body.fields,
        expectedVersion: body.expectedVersion,
        clientId: body.clientId,
        by: user!._id,
      });
      return { data: { fields: r.state.fields, version: r.state.formVersion }, position: r.position };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/event/:event/checkoutSettings',
      summary: 'Lo que el comprador ve de la configuración de la tienda (tiempo de reserva, boleta o factura, instrucciones del depósito bancario)',
      tag: TAG,
      auth: 'optional',
      params: publicEventParams,
      response: checkoutSettingsResponse,
    },
    async ({ params, req }) => {
      const eventId = await readableEvent(ctx, req, params.event);
      const [s, methods] = await Promise.all([storeSettings(ctx.db, eventId, { defaultHoldSeconds: ctx.config.salesHoldSeconds }), paymentMethodsOf(ctx.db, eventId)]);
      // Without instructions of its own, the store shows the event's bank-deposit payment method (no CCI there).
      const method = methods.find((p) => p.kind === 'bankDeposit');
      const fallback = method?.kind === 'bankDeposit' ? { bank: method.bank, accountNumber: method.account, cci: null, holder: method.holder } : null;
      const data: CheckoutSettings = {
        eventId,
        holdMinutes: Math.round((s.holdSeconds / 60) * 100) / 100,
        maxTicketsPerOrder: s.maxTicketsPerOrder,
        receiptChoice: s.invoice.receiptChoice,
        invoice: { ruc: s.invoice.ruc, businessName: s.invoice.businessName, address: s.invoice.address, taxRate: s.invoice.taxRate },
        bankDeposit: s.bankDeposit ?? fallback,
      };
      return { data };
    },
  );
}

/**
 * The id of an event whose buyer-facing store data may be read: a published (or cancelled) event by anyone; a
 * draft only by its team (event.read). Anything else reads as missing.
 */
async function readableEvent(ctx: AppContext, req: Request, idOrCode: string): Promise<string> {
  const notFound = () => new HttpError(404, messages.storeSettings.eventNotFound, 'EVENT_NOT_FOUND');
  const row = await findEvent(ctx.db, idOrCode);
  if (!row) throw notFound();
  if (row.published || row.cancelled_at) return row.id;
  if (!req.user) throw notFound();
  try {
    await authorizeRequest(ctx, req, row.id, 'event.read');
  } catch (err) {
    if (err instanceof HttpError && (err.status === 403 || err.status === 404)) throw notFound();
    throw err;
  }
  return row.id;
}
