import type { Request, Response, Router } from 'express';
import multer from 'multer';
import type { AppContext } from '../../context.js';
import { changeCompany, changeCompanyLogo, registerCompany } from '../../commands/exhibitor/company-manage.js';
import {
  LOGO_MAX_BYTES,
  companiesResponse,
  companyParams,
  companyResponse,
  createCompanyRequest,
  eventCompaniesParams,
  updateCompanyRequest,
  type CompanyDto,
} from '../../contracts/exhibitor.js';
import type { CompanyState } from '../../domain/exhibitor/company.js';
import { messages } from '../../messages/es.js';
import { companiesOfEvent, companyOfEvent } from '../../projections/exhibitor/queries.js';
import { storageFor } from '../../storage/local.js';
import { HttpError } from '../errors.js';
import { sniffImage } from '../events/files.js';
import { defineRoute } from '../route.js';

const TAG = 'exhibitor';
const m = messages.exhibitor.companies;

/** The DTO of a company's state (what the commands answer, before the read model has it). */
export function companyDtoOf(s: CompanyState): CompanyDto {
  if (!s.profile || !s.companyId || !s.eventId) throw new HttpError(404, m.notFound, 'COMPANY_NOT_FOUND');
  return {
    _id: s.companyId,
    eventId: s.eventId,
    ...s.profile,
    logoUrl: s.logoUrl,
    usedExhibitors: s.usedExhibitors,
    usedSpeakers: s.usedSpeakers,
    version: s.version,
    createdAt: s.createdAt ?? '',
  };
}

const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 5 } }).single('logo');

async function readLogo(req: Request, res: Response): Promise<{ buffer: Buffer; ext: string; type: string }> {
  await new Promise<void>((resolve, reject) =>
    upload(req, res, (err: unknown) => {
      if (!err) return resolve();
      if (err instanceof multer.MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE') return reject(new HttpError(413, m.logoTooLarge, 'LOGO_TOO_LARGE'));
        return reject(new HttpError(400, m.logoMissing, err.code));
      }
      reject(new HttpError(400, messages.validation.malformedBody, 'MALFORMED_MULTIPART'));
    }),
  );
  const file = req.file;
  if (!file) throw new HttpError(400, m.logoMissing, 'LOGO_MISSING');
  // The type comes from the first bytes, not from the declared MIME type.
  const kind = sniffImage(file.buffer);
  if (!kind) throw new HttpError(400, m.logoType, 'LOGO_TYPE');
  return { buffer: file.buffer, ...kind };
}

/**
 * Exhibitor companies of an event (spec section 3), managed by the exhibitor module's administrator
 * (`exhibitor.manage`; the event's owner holds it): list, register, edit, logo.
 */
export function registerCompanyRoutes(router: Router, ctx: AppContext): void {
  const notFound = () => new HttpError(404, m.notFound, 'COMPANY_NOT_FOUND');

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/event/:eventId/exhibitorCompanies',
      summary: 'Empresas expositoras del evento, por nombre',
      tag: TAG,
      auth: 'user',
      params: eventCompaniesParams,
      response: companiesResponse,
      access: { action: 'exhibitor.manage', event: (i) => i.params.eventId },
    },
    async ({ access }) => ({ data: await companiesOfEvent(ctx.db, access.eventId) }),
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/event/:eventId/exhibitorCompanies',
      summary: 'Registra una empresa expositora (RUC único en el evento; clientId es su id: un reintento responde la misma empresa)',
      tag: TAG,
      auth: 'user',
      params: eventCompaniesParams,
      body: createCompanyRequest,
      response: companyResponse,
      successStatus: 201,
      access: { action: 'exhibitor.manage', event: (i) => i.params.eventId },
    },
    async ({ body, access, user }) => {
      const { clientId, ...company } = body;
      const r = await registerCompany(ctx, { eventId: access.eventId, company, clientId, by: user!._id });
      return { data: companyDtoOf(r.state), position: r.position };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/event/:eventId/exhibitorCompanies/:companyId',
      summary: 'Una empresa expositora del evento',
      tag: TAG,
      auth: 'user',
      params: companyParams,
      response: companyResponse,
      access: { action: 'exhibitor.manage', event: (i) => i.params.eventId },
    },
    async ({ params, access }) => {
      const c = await companyOfEvent(ctx.db, access.eventId, params.companyId);
      if (!c) throw notFound();
      return { data: c };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'put',
      path: '/event/:eventId/exhibitorCompanies/:companyId',
      summary: 'Guarda los datos de la empresa (completos); expectedVersion es la versión editada: si otro la cambió, 409',
      tag: TAG,
      auth: 'user',
      params: companyParams,
      body: updateCompanyRequest,
      response: companyResponse,
      access: { action: 'exhibitor.manage', event: (i) => i.params.eventId },
    },
    async ({ params, body, access, user }) => {
      if (!(await companyOfEvent(ctx.db, access.eventId, params.companyId))) throw notFound();
      const { clientId, expectedVersion, ...company } = body;
      const r = await changeCompany(ctx, { companyId: params.companyId, company, expectedVersion, clientId, by: user!._id });
      return { data: companyDtoOf(r.state), position: r.position };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/event/:eventId/exhibitorCompanies/:companyId/logo',
      summary: 'Sube el logo de la empresa (multipart, campo logo: JPEG, PNG o WebP, hasta 1 MB)',
      tag: TAG,
      auth: 'user',
      params: companyParams,
      response: companyResponse,
      access: { action: 'exhibitor.manage', event: (i) => i.params.eventId },
    },
    async ({ params, access, user, req, res }) => {
      if (!(await companyOfEvent(ctx.db, access.eventId, params.companyId))) throw notFound();
      const logo = await readLogo(req, res);
      // Written first under a fresh name: an unreferenced file is harmless, a reference to none is not.
      const stored = await storageFor(ctx.config.dataDir).put(`exhibitor/${params.companyId}/logo-${ctx.newId()}.${logo.ext}`, logo.buffer, logo.type);
      const r = await changeCompanyLogo(ctx, { companyId: params.companyId, logoUrl: stored.url, by: user!._id });
      return { data: companyDtoOf(r.state), position: r.position };
    },
  );
}
