import type { Kysely, Selectable } from 'kysely';
import type { CompanyDto } from '../../contracts/exhibitor.js';
import { isoReq } from '../../db/dates.js';
import type { DB } from '../../db/schema.js';

/** How other modules and the routes read exhibitor companies (exhibitor_companies, projection exhibitor.companies). */
type Row = Selectable<DB['exhibitor_companies']>;

export function companyDto(r: Row): CompanyDto {
  return {
    _id: r.id,
    eventId: r.event_id,
    ruc: r.ruc,
    name: r.name,
    sector: r.sector,
    logoUrl: r.logo_url,
    quantityExhibitors: r.quantity_exhibitors,
    quantitySpeakers: r.quantity_speakers,
    usedExhibitors: r.used_exhibitors,
    usedSpeakers: r.used_speakers,
    version: r.version,
    createdAt: isoReq(r.created_at),
  };
}

/** The companies of an event, by name. */
export async function companiesOfEvent(db: Kysely<DB>, eventId: string): Promise<CompanyDto[]> {
  const rows = await db.selectFrom('exhibitor_companies').selectAll().where('event_id', '=', eventId).orderBy('name').orderBy('id').execute();
  return rows.map(companyDto);
}

/** A company of the event, or null (unknown, or of another event). */
export async function companyOfEvent(db: Kysely<DB>, eventId: string, companyId: string): Promise<CompanyDto | null> {
  const row = await db.selectFrom('exhibitor_companies').selectAll().where('id', '=', companyId).where('event_id', '=', eventId).executeTakeFirst();
  return row ? companyDto(row) : null;
}

/** Companies by id (any event): the toolbar's selector and the invitations' pages name them. */
export async function companiesByIds(db: Kysely<DB>, ids: readonly string[]): Promise<CompanyDto[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('exhibitor_companies').selectAll().where('id', 'in', ids).orderBy('name').execute();
  return rows.map(companyDto);
}

export interface InvitationDto {
  _id: string;
  companyId: string;
  companyName: string;
  eventId: string;
  kind: 'admin' | 'exhibitor' | 'speaker';
  status: 'pending' | 'accepted';
  userId: string | null;
  invitedAt: string;
  acceptedAt: string | null;
}

const invitationColumns = [
  'i.id',
  'i.company_id',
  'i.event_id',
  'i.kind',
  'i.status',
  'i.user_id',
  'i.invited_at',
  'i.accepted_at',
  'i.email_hash',
  'i.email_cipher',
  'c.name as company_name',
] as const;

function invitationDto(r: { id: string; company_id: string; company_name: string; event_id: string; kind: string; status: string; user_id: string | null; invited_at: Date | string; accepted_at: Date | string | null }): InvitationDto {
  return {
    _id: r.id,
    companyId: r.company_id,
    companyName: r.company_name,
    eventId: r.event_id,
    kind: r.kind as InvitationDto['kind'],
    status: r.status as InvitationDto['status'],
    userId: r.user_id,
    invitedAt: isoReq(r.invited_at),
    acceptedAt: r.accepted_at === null ? null : isoReq(r.accepted_at),
  };
}

/** Invitations of an event (the organizer's `invitations` page) or of one company, newest first. */
export async function invitationsOf(db: Kysely<DB>, scope: { eventId: string; companyId?: string }): Promise<(InvitationDto & { emailCipher: string })[]> {
  let q = db.selectFrom('exhibitor_invitations as i').innerJoin('exhibitor_companies as c', 'c.id', 'i.company_id').select(invitationColumns).where('i.event_id', '=', scope.eventId);
  if (scope.companyId) q = q.where('i.company_id', '=', scope.companyId);
  const rows = await q.orderBy('i.invited_at', 'desc').orderBy('i.id').execute();
  return rows.map((r) => ({ ...invitationDto(r), emailCipher: r.email_cipher }));
}

/** One invitation with its company (the accept page, the mail job), or null. */
export async function findInvitation(db: Kysely<DB>, invitationId: string): Promise<(InvitationDto & { emailHash: string; emailCipher: string }) | null> {
  const r = await db.selectFrom('exhibitor_invitations as i').innerJoin('exhibitor_companies as c', 'c.id', 'i.company_id').select(invitationColumns).where('i.id', '=', invitationId).executeTakeFirst();
  return r ? { ...invitationDto(r), emailHash: r.email_hash, emailCipher: r.email_cipher } : null;
}
export const invitationForMail = findInvitation;

/** The companies of an event where the user accepted an invitation (the toolbar's exhibitor company selector). */
export async function companiesOfMember(db: Kysely<DB>, eventId: string, userId: string): Promise<CompanyDto[]> {
  const rows = await db
    .selectFrom('exhibitor_companies as c')
    .selectAll('c')
    .where('c.event_id', '=', eventId)
    .where((eb) => eb.exists(eb.selectFrom('exhibitor_invitations as i').select('i.id').whereRef('i.company_id', '=', 'c.id').where('i.user_id', '=', userId).where('i.status', '=', 'accepted')))
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();
  return rows.map(companyDto);
}
