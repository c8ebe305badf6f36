import { z } from 'zod';
import { clientId } from './common.js';
import { rucSchema } from './ruc.js';

/**
 * Contracts of the business conference's participants area (issue 21): registration of offerers and demanders in
 * a round (company profile, custom fields, products), the organizer's approval, the participant's own profile and
 * products, and the catalogue. Shared by the API and the web app.
 */

export const PARTICIPANT_TYPES = ['offer', 'demand', 'offer_demand'] as const;
export type ParticipantType = (typeof PARTICIPANT_TYPES)[number];
export const PARTICIPANT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ParticipantStatus = (typeof PARTICIPANT_STATUSES)[number];

/** Whether a type publishes products (offerers) or looks for them (demanders). */
export const offers = (t: ParticipantType) => t === 'offer' || t === 'offer_demand';
export const demands = (t: ParticipantType) => t === 'demand' || t === 'offer_demand';

export type ParticipantDto = {
  _id: string;
  roundId: string;
  eventId: string;
  userId: string;
  type: ParticipantType;
  status: ParticipantStatus;
  company: { name: string; ruc: string; sector: string; logoUrl: string | null; description: string };
  contactName: string;
  email: string;
  phone: string | null;
  fields: Record<string, unknown>;
  createdAt: string;
};

export type ProductDto = {
  _id: string;
  participantId: string;
  roundId: string;
  name: string;
  description: string;
  sector: string;
  imageUrl: string | null;
};

// ---------------------------------------------------------------------------------------------------------
// Field rules (the same on the server and in the forms)

/** Accent- and case-free form of a text, for search ("Café" and "cafe" are one word). */
export const foldText = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

const requiredText = (max: number) =>
  z.string().trim().min(1, { message: 'Este campo es obligatorio.' }).max(max, { message: `Máximo ${max} caracteres.` });
const optionalText = (max: number) => z.string().trim().max(max, { message: `Máximo ${max} caracteres.` }).default('');

/** Uploaded images are ours (POST businessConference/participants/image); anything else is refused. */
export const uploadedImageUrl = z
  .string()
  .regex(/^\/api\/v2\/files\/bc-participants\/[A-Za-z0-9-]{1,80}\/[A-Za-z0-9._-]{1,120}$/, { message: 'La imagen no es válida: vuelve a subirla.' });

export const companySchema = z.object({
  name: requiredText(200),
  ruc: rucSchema,
  sector: requiredText(120),
  logoUrl: uploadedImageUrl.nullable().default(null),
  description: optionalText(2000),
});
export type CompanyInput = z.infer<typeof companySchema>;

const phoneText = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ()-]{6,20}$/, { message: 'Teléfono no válido.' });

export const productSchema = z.object({
  name: requiredText(160),
  description: optionalText(2000),
  sector: requiredText(120),
  imageUrl: uploadedImageUrl.nullable().default(null),
});
export type ProductInput = z.infer<typeof productSchema>;

/** A custom field of a round as the participants area reads it (structurally the rounds area's FieldDef). */
export type CustomFieldDef = {
  key: string;
  label: string;
  kind: 'text' | 'number' | 'date' | 'choice' | 'multiChoice';
  options: string[];
  required: boolean;
};

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/**
 * Checks the answers to a round's custom fields: required ones present, numbers, dates (YYYY-MM-DD), choices
 * among the options. Unknown keys are dropped. Answers the cleaned values and the errors by field path
 * (`fields.<key>`), in Spanish.
 */
export function checkCustomFields(
  defs: readonly CustomFieldDef[],
  values: Record<string, unknown>,
): { values: Record<string, unknown>; errors: { path: string; message: string }[] } {
  const out: Record<string, unknown> = {};
  const errors: { path: string; message: string }[] = [];
  for (const def of defs) {
    const path = `fields.${def.key}`;
    const raw = values[def.key];
    if (isEmpty(raw)) {
      if (def.required) errors.push({ path, message: `«${def.label}» es obligatorio.` });
      continue;
    }
    switch (def.kind) {
      case 'text': {
        const s = typeof raw === 'string' ? raw.trim() : null;
        if (s === null || s.length > 2000) errors.push({ path, message: `«${def.label}»: escribe un texto de hasta 2000 caracteres.` });
        else out[def.key] = s;
        break;
      }
      case 'number': {
        const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.trim().replace(',', '.')) : NaN;
        if (!Number.isFinite(n)) errors.push({ path, message: `«${def.label}» debe ser un número.` });
        else out[def.key] = n;
        break;
      }
      case 'date': {
        const ok = typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(raw) && !Number.isNaN(Date.parse(`${raw}T00:00:00Z`));
        if (!ok) errors.push({ path, message: `«${def.label}» debe ser una fecha válida.` });
        else out[def.key] = raw;
        break;
      }
      case 'choice': {
        if (typeof raw !== 'string' || !def.options.includes(raw)) errors.push({ path, message: `«${def.label}»: elige una de las opciones.` });
        else out[def.key] = raw;
        break;
      }
      case 'multiChoice': {
        const list = Array.isArray(raw) ? raw : null;
        if (!list || !list.every((x) => typeof x === 'string' && def.options.includes(x))) errors.push({ path, message: `«${def.label}»: elige entre las opciones.` });
        else out[def.key] = [...new Set(list as string[])];
        break;
      }
    }
  }
  return { values: out, errors };
}

/** The custom fields a participant of a type answers: offerers the offer fields, demanders the demand ones, both both. */
export function fieldsForType(type: ParticipantType, round: { offerFields: CustomFieldDef[]; demandFields: CustomFieldDef[] }): CustomFieldDef[] {
  const list = [...(offers(type) ? round.offerFields : []), ...(demands(type) ? round.demandFields : [])];
  const seen = new Set<string>();
  return list.filter((f) => (seen.has(f.key) ? false : (seen.add(f.key), true)));
}

// ---------------------------------------------------------------------------------------------------------
// Requests and responses

const fieldValues = z.record(z.string().max(80), z.unknown()).default({});

export const participantTypeSchema = z.enum(PARTICIPANT_TYPES, { message: 'Tipo de participante no válido.' });

/** POST businessConference/register: a signed-in user registers in a round (by event code and BCCode). */
export const registerParticipantRequest = z.object({
  clientId,
  eventCode: z.string().trim().min(1).max(80),
  code: z.string().trim().min(1).max(80),
  type: participantTypeSchema,
  company: companySchema,
  contactName: requiredText(120),
  phone: phoneText.nullable().default(null),
  fields: fieldValues,
  /** Offerers' products (ignored, refused, for a demander). */
  products: z.array(productSchema).max(50, { message: 'Máximo 50 productos.' }).default([]),
});
export type RegisterParticipantRequest = z.infer<typeof registerParticipantRequest>;

/** PUT businessConference/participant/:id: the participant edits their profile (company, contact, fields). */
export const updateParticipantRequest = z.object({
  clientId,
  company: companySchema,
  contactName: requiredText(120),
  phone: phoneText.nullable().default(null),
  fields: fieldValues,
});
export type UpdateParticipantRequest = z.infer<typeof updateParticipantRequest>;

export const productRequest = productSchema.extend({ clientId });
export type ProductRequest = z.infer<typeof productRequest>;

export const decisionRequest = z.object({ clientId, decision: z.enum(['approve', 'reject']), reason: z.string().trim().max(500).default('') });
export type DecisionRequest = z.infer<typeof decisionRequest>;

export const participantIdParams = z.object({ id: z.string().min(1).max(100) });
export const productIdParams = z.object({ id: z.string().min(1).max(100), productId: z.string().min(1).max(100) });
export const roundIdParams = z.object({ roundId: z.string().min(1).max(100) });

export const participantsListQuery = z.object({
  type: participantTypeSchema.optional(),
  status: z.enum(PARTICIPANT_STATUSES).optional(),
});

/** The catalogue's filters: a search text (accent-free) and values of the round's catalogueFilter fields. */
export const catalogueQuery = z.object({
  search: z.string().trim().max(120).default(''),
  sector: z.string().trim().max(120).optional(),
  /** JSON object of field key -> value (one value, or for multiChoice one of the options). */
  filters: z
    .string()
    .max(4000)
    .optional()
    .transform((s, ctx) => {
      if (!s) return {} as Record<string, string>;
      try {
        const v = JSON.parse(s) as unknown;
        if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Error('not an object');
        return Object.fromEntries(Object.entries(v as Record<string, unknown>).filter(([, x]) => typeof x === 'string' && x !== '')) as Record<string, string>;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Filtros no válidos.' });
        return z.NEVER;
      }
    }),
});
export type CatalogueQuery = z.infer<typeof catalogueQuery>;

/** A company of the catalogue (offerer or demander), as other participants see it (no e-mail, no phone). */
export type CompanyCardDto = {
  participantId: string;
  type: ParticipantType;
  company: ParticipantDto['company'];
  contactName: string;
  fields: Record<string, unknown>;
  productCount: number;
};

/** A product of the catalogue with its company. */
export type CatalogueProductDto = ProductDto & { company: { participantId: string; name: string; sector: string; logoUrl: string | null } };

/** The user's registration in a round (null: none yet), for the public page and its `validate` check. */
export type MyRegistrationDto = { participant: ParticipantDto | null; products: ProductDto[] };
