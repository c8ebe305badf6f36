import { z } from 'zod';
import { clientId } from './common.js';

/**
 * Contracts of the exhibitor module (EXPOSITOR, issue 23), shared by the API and the web app: exhibitor companies
 * of an event (spec section 3: ruc, name, quantityExhibitors, quantitySpeakers) and the RUC check both sides run.
 */

export const COMPANY_NAME_MAX = 200;
export const SECTOR_MAX = 100;
/** Largest quota of exhibitors or speakers one company may get. */
export const QUOTA_MAX = 500;
/** Logo upload: JPEG, PNG or WebP up to 1 MB. */
export const LOGO_MAX_BYTES = 1024 * 1024;

const RUC_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
/** RUC prefixes SUNAT hands out: 10 (persona natural), 15/16/17 (other cases), 20 (persona jurídica). */
const RUC_PREFIXES = ['10', '15', '16', '17', '20'];

/**
 * Whether a Peruvian RUC is well formed: 11 digits, a known prefix and SUNAT's module-11 check digit (weights
 * 5,4,3,2,7,6,5,4,3,2 over the first ten digits; 11 - sum mod 11, where 10 becomes 0 and 11 becomes 1).
 */
export function isValidRuc(ruc: string): boolean {
  if (!/^\d{11}$/.test(ruc) || !RUC_PREFIXES.includes(ruc.slice(0, 2))) return false;
  const sum = RUC_WEIGHTS.reduce((acc, w, i) => acc + w * Number(ruc[i]), 0);
  const check = (11 - (sum % 11)) % 10;
  return check === Number(ruc[10]);
}

export const companyInputSchema = z.object({
  ruc: z.string().trim().max(20),
  name: z.string().max(COMPANY_NAME_MAX + 50),
  sector: z.string().max(SECTOR_MAX + 50).default(''),
  quantityExhibitors: z.number().int().min(0).max(QUOTA_MAX),
  quantitySpeakers: z.number().int().min(0).max(QUOTA_MAX),
});
export type CompanyInput = z.infer<typeof companyInputSchema>;

export const createCompanyRequest = companyInputSchema.extend({ clientId });
export const updateCompanyRequest = companyInputSchema.extend({ clientId: clientId.optional(), expectedVersion: z.number().int().optional() });

export const eventCompaniesParams = z.object({ eventId: z.string().min(1).max(100) });
export const companyParams = z.object({ eventId: z.string().min(1).max(100), companyId: z.uuid({ message: 'Identificador no válido.' }) });

export const companyDtoSchema = z.object({
  _id: z.string(),
  eventId: z.string(),
  ruc: z.string(),
  name: z.string(),
  sector: z.string(),
  logoUrl: z.string().nullable(),
  quantityExhibitors: z.number().int(),
  quantitySpeakers: z.number().int(),
  /** Invitations holding a place of each quota (pending or accepted). */
  usedExhibitors: z.number().int(),
  usedSpeakers: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
});
export type CompanyDto = z.infer<typeof companyDtoSchema>;

export const companyResponse = z.object({ data: companyDtoSchema, position: z.string().nullable().optional() });
export const companiesResponse = z.object({ data: z.array(companyDtoSchema) });

// ----- invitations ----------------------------------------------------------------------------------------

export const INVITATION_KINDS = ['admin', 'exhibitor', 'speaker'] as const;
export type InvitationKind = (typeof INVITATION_KINDS)[number];

export const inviteRequest = z.object({
  email: z.email({ message: 'Escribe un correo válido.' }).max(254),
  kind: z.enum(INVITATION_KINDS),
  clientId,
});

export const invitationDtoSchema = z.object({
  _id: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  eventId: z.string(),
  kind: z.enum(INVITATION_KINDS),
  status: z.enum(['pending', 'accepted']),
  /** The invited address (decrypted for the organizer and the company's administrator). */
  email: z.string().nullable(),
  userId: z.string().nullable(),
  invitedAt: z.string(),
  acceptedAt: z.string().nullable(),
});
export type InvitationDto = z.infer<typeof invitationDtoSchema>;
export const invitationsResponse = z.object({ data: z.array(invitationDtoSchema) });

/** What the accept page shows about an invitation (no address). */
export const invitationInfoSchema = z.object({
  _id: z.string(),
  companyName: z.string(),
  eventId: z.string(),
  eventCode: z.string(),
  eventName: z.string(),
  clientId: z.string(),
  kind: z.enum(INVITATION_KINDS),
  status: z.enum(['pending', 'accepted']),
});
export type InvitationInfo = z.infer<typeof invitationInfoSchema>;
export const invitationParams = z.object({ invitationId: z.uuid({ message: 'Identificador no válido.' }) });
