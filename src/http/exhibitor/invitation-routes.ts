import type { Request, Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { acceptInvitation, invitationSubject, inviteToCompany } from '../../commands/exhibitor/invitations.js';
import { companiesResponse, invitationInfoSchema, invitationParams, invitationsResponse, inviteRequest, companyParams, eventCompaniesParams, type InvitationDto } from '../../contracts/exhibitor.js';
import { createPiiVault } from '../../crypto/pii-vault.js';
import { messages } from '../../messages/es.js';
import { emailHashOfAccount } from '../../projections/accounts/queries.js';
import { membershipInEvent, waitForMemberships } from '../../projections/access/queries.js';
import { findEvent } from '../../projections/events/queries.js';
import { companiesOfEvent, companiesOfMember, companyOfEvent, findInvitation, invitationsOf } from '../../projections/exhibitor/queries.js';
import { authorize, readAccessHeaders, type AccessGrant } from '../access/guard.js';
import { HttpError } from '../errors.js';
import { defineRoute } from '../route.js';

const TAG = 'exhibitor';
const m = messages.exhibitor.companies;

/**
 * A company-scoped call: the module administrator (exhibitor.manage) reaches every company of the event; a holder
 * of the exhibitor role only the company named by the `exhibitorcompany` header (the toolbar's selector), which the
 * guard already required for that role to count.
 */
function companyScope(access: AccessGrant, req: Request, companyId: string): { asOrganizer: boolean } {
  if (access.actions.includes('exhibitor.manage')) return { asOrganizer: true };
  if (readAccessHeaders(req).exhibitorCompany !== companyId) throw new HttpError(403, m.otherCompany, 'FORBIDDEN');
  return { asOrganizer: false };
}

async function withEmails(ctx: AppContext, rows: Awaited<ReturnType<typeof invitationsOf>>): Promise<InvitationDto[]> {
  const vault = createPiiVault(ctx.db);
  return Promise.all(rows.map(async ({ emailCipher, ...r }) => ({ ...r, email: await vault.decrypt(invitationSubject(r._id), emailCipher) })));
}

/**
 * Invitations of exhibitor companies: the organizer invites a company's administrator, who invites its exhibitors
 * and speakers within the quotas; the invitee accepts with the account of the invited e-mail and gets the exhibitor
 * role in that company (access.memberships).
 */
export function registerInvitationRoutes(router: Router, ctx: AppContext): void {
  const notFound = () => new HttpError(404, m.notFound, 'COMPANY_NOT_FOUND');

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/exhibitorCompaniesByPermission',
      summary: 'Empresas expositoras del evento que el usuario puede elegir en la barra (administrador: todas; expositores: las suyas)',
      tag: TAG,
      auth: 'user',
      query: z.object({ event: z.string().min(1).max(100) }),
      response: companiesResponse,
    },
    async ({ query, user }) => {
      const mem = await membershipInEvent(ctx.db, user!._id, query.event);
      if (!mem) throw new HttpError(404, messages.events.notFound, 'EVENT_NOT_FOUND');
      // Without a company header the guard counts event-wide roles only: the organizer and exhibitor administrators.
      const grant = await authorize(ctx, user, { event: mem.eventId }).catch(() => null);
      if (grant?.actions.includes('exhibitor.manage')) return { data: await companiesOfEvent(ctx.db, mem.eventId) };
      return { data: await companiesOfMember(ctx.db, mem.eventId, user!._id) };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/event/:eventId/exhibitorInvitations',
      summary: 'Invitaciones de todas las empresas expositoras del evento, las más recientes primero',
      tag: TAG,
      auth: 'user',
      params: eventCompaniesParams,
      response: invitationsResponse,
      access: { action: 'exhibitor.manage', event: (i) => i.params.eventId },
    },
    async ({ access }) => ({ data: await withEmails(ctx, await invitationsOf(ctx.db, { eventId: access.eventId })) }),
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/event/:eventId/exhibitorCompanies/:companyId/invitations',
      summary: 'Invitaciones de una empresa expositora (su administrador, expositores y ponentes)',
      tag: TAG,
      auth: 'user',
      params: companyParams,
      response: invitationsResponse,
      access: { action: 'exhibitor.invite', event: (i) => i.params.eventId },
    },
    async ({ params, access, req }) => {
      companyScope(access, req, params.companyId);
      if (!(await companyOfEvent(ctx.db, access.eventId, params.companyId))) throw notFound();
      return { data: await withEmails(ctx, await invitationsOf(ctx.db, { eventId: access.eventId, companyId: params.companyId })) };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/event/:eventId/exhibitorCompanies/:companyId/invitations',
      summary: 'Invita por correo al administrador de la empresa (organizador) o a un expositor o ponente (administrador de la empresa, dentro del cupo)',
      tag: TAG,
      auth: 'user',
      params: companyParams,
      body: inviteRequest,
      response: z.object({ data: z.object({ _id: z.string(), kind: z.string(), usedExhibitors: z.number(), usedSpeakers: z.number() }), position: z.string().nullable() }),
      successStatus: 201,
      access: { action: 'exhibitor.invite', event: (i) => i.params.eventId },
    },
    async ({ params, body, access, req, user }) => {
      const { asOrganizer } = companyScope(access, req, params.companyId);
      if (!(await companyOfEvent(ctx.db, access.eventId, params.companyId))) throw notFound();
      const r = await inviteToCompany(ctx, { companyId: params.companyId, invitationId: body.clientId, kind: body.kind, email: body.email, asOrganizer, by: user!._id });
      return { data: { _id: body.clientId, kind: body.kind, usedExhibitors: r.state.usedExhibitors, usedSpeakers: r.state.usedSpeakers }, position: r.position };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/exhibitorInvitations/:invitationId',
      summary: 'Lo que la página de aceptación muestra de una invitación de empresa expositora (sin el correo)',
      tag: TAG,
      auth: 'user',
      params: invitationParams,
      response: z.object({ data: invitationInfoSchema }),
    },
    async ({ params }) => {
      const inv = await findInvitation(ctx.db, params.invitationId);
      const ev = inv ? await findEvent(ctx.db, inv.eventId) : undefined;
      if (!inv || !ev) throw new HttpError(404, m.invitationNotFound, 'INVITATION_NOT_FOUND');
      return { data: { _id: inv._id, companyName: inv.companyName, eventId: ev.id, eventCode: ev.event_code, eventName: ev.event_name, clientId: ev.owner_id, kind: inv.kind, status: inv.status } };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/exhibitorInvitations/:invitationId/accept',
      summary: 'Acepta una invitación de empresa expositora con la cuenta del correo invitado (da el rol de expositor en esa empresa)',
      tag: TAG,
      auth: 'user',
      params: invitationParams,
      response: z.object({ data: z.object({ companyId: z.string(), eventId: z.string(), kind: z.string() }), position: z.string().nullable() }),
    },
    async ({ params, user }) => {
      const inv = await findInvitation(ctx.db, params.invitationId);
      if (!inv) throw new HttpError(404, m.invitationNotFound, 'INVITATION_NOT_FOUND');
      if (!user!.emailVerified) throw new HttpError(403, m.emailNotVerified, 'EMAIL_NOT_VERIFIED');
      const hash = await emailHashOfAccount(ctx.db, user!._id);
      if (!hash) throw new HttpError(404, m.invitationNotFound, 'INVITATION_NOT_FOUND');
      const r = await acceptInvitation(ctx, { companyId: inv.companyId, invitationId: inv._id, userId: user!._id, emailHash: hash });
      // Answered once the role is in the guard's read model, so the next page the invitee opens admits them.
      await waitForMemberships(ctx.db, ctx.store, r.position, 10_000);
      return { data: { companyId: inv.companyId, eventId: inv.eventId, kind: inv.kind }, position: r.position };
    },
  );
}
