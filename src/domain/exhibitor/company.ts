/**
 * An exhibitor company of an event (stream `exhibitor-company-<companyId>`): its RUC, name, sector, logo and the
 * quotas of exhibitors and speakers it may invite. The company's invitations live on the same stream, so every
 * invitation is appended at the version the quota was checked on (two invitations racing for the last place:
 * one wins, the other is decided again on the new state and refused).
 *
 * Pure: time, ids and the acting user come in through DecideContext. The RUC is one per event: the command layer
 * reserves it with the append (scope per event).
 */
import { COMPANY_NAME_MAX, SECTOR_MAX, isValidRuc, type CompanyInput } from '../../contracts/exhibitor.js';
import { messages } from '../../messages/es.js';
import { DomainError, NotFoundError } from '../shared/errors.js';
import type { DecideContext, Decider } from '../shared/types.js';

const m = messages.exhibitor.companies;

export const companyStreamId = (companyId: string) => `exhibitor-company-${companyId}`;

export interface CompanyProfile {
  ruc: string;
  name: string;
  sector: string;
  quantityExhibitors: number;
  quantitySpeakers: number;
}

type E<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
export type CompanyRegistered = E<'exhibitor.CompanyRegistered', { companyId: string; eventId: string; profile: CompanyProfile; by: string | null; at: string }>;
export type CompanyChanged = E<'exhibitor.CompanyChanged', { companyId: string; eventId: string; profile: CompanyProfile; previousRuc: string; by: string | null; at: string }>;
export type CompanyLogoChanged = E<'exhibitor.CompanyLogoChanged', { companyId: string; eventId: string; logoUrl: string | null; by: string | null; at: string }>;
/** Who an invitation is for: the company's administrator (invited by the organizer), or one of its exhibitors or speakers. */
export type InvitationKind = 'admin' | 'exhibitor' | 'speaker';
export const INVITATION_KINDS = ['admin', 'exhibitor', 'speaker'] as const;
export type InvitationSent = E<
  'exhibitor.InvitationSent',
  { invitationId: string; companyId: string; eventId: string; kind: InvitationKind; emailHash: string; emailCipher: string; by: string | null; at: string }
>;
export type InvitationAccepted = E<'exhibitor.InvitationAccepted', { invitationId: string; companyId: string; eventId: string; kind: InvitationKind; userId: string; at: string }>;
export type CompanyEvent = CompanyRegistered | CompanyChanged | CompanyLogoChanged | InvitationSent | InvitationAccepted;
export const COMPANY_EVENT_TYPES = ['exhibitor.CompanyRegistered', 'exhibitor.CompanyChanged', 'exhibitor.CompanyLogoChanged', 'exhibitor.InvitationSent', 'exhibitor.InvitationAccepted'] as const;

type C<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
export type RegisterCompany = C<'exhibitor.RegisterCompany', { companyId: string; eventId: string; input: CompanyInput }>;
export type ChangeCompany = C<'exhibitor.ChangeCompany', { input: CompanyInput; expectedVersion?: number }>;
export type ChangeCompanyLogo = C<'exhibitor.ChangeCompanyLogo', { logoUrl: string | null }>;
/** `asOrganizer`: the caller holds exhibitor.manage in the event (checked by the HTTP layer); otherwise they must be an accepted administrator of this company. */
export type InviteToCompany = C<'exhibitor.InviteToCompany', { invitationId: string; kind: InvitationKind; emailHash: string; emailCipher: string; asOrganizer: boolean }>;
/** The account's proved e-mail (its hash) must be the invited one. */
export type AcceptInvitation = C<'exhibitor.AcceptInvitation', { invitationId: string; userId: string; emailHash: string }>;
export type CompanyCommand = RegisterCompany | ChangeCompany | ChangeCompanyLogo | InviteToCompany | AcceptInvitation;

export interface InvitationState {
  kind: InvitationKind;
  emailHash: string;
  status: 'pending' | 'accepted';
  userId: string | null;
}

export interface CompanyState {
  companyId: string | null;
  eventId: string | null;
  profile: CompanyProfile | null;
  logoUrl: string | null;
  /** Places of each quota taken (pending and accepted invitations); kept by the invitations' events. */
  usedExhibitors: number;
  usedSpeakers: number;
  createdAt: string | null;
  invitations: Record<string, InvitationState>;
  /** Events folded (the company's version for expectedVersion). */
  version: number;
}

export const initialState = (): CompanyState => ({
  companyId: null,
  eventId: null,
  profile: null,
  logoUrl: null,
  usedExhibitors: 0,
  usedSpeakers: 0,
  createdAt: null,
  invitations: {},
  version: 0,
});

const invalid = (code: string, message: string, field: string) => new DomainError(code, message, 400, { field });

/** A request's profile, trimmed and checked; throws the first refusal (with its field). */
export function normalizeCompany(input: CompanyInput): CompanyProfile {
  const ruc = input.ruc.trim();
  if (!isValidRuc(ruc)) throw invalid('RUC_INVALID', m.rucInvalid, 'ruc');
  const name = input.name.trim().replace(/\s+/g, ' ');
  if (!name) throw invalid('NAME_REQUIRED', m.nameRequired, 'name');
  if (name.length > COMPANY_NAME_MAX) throw invalid('NAME_TOO_LONG', m.nameTooLong(COMPANY_NAME_MAX), 'name');
  const sector = (input.sector ?? '').trim().replace(/\s+/g, ' ');
  if (sector.length > SECTOR_MAX) throw invalid('SECTOR_TOO_LONG', m.sectorTooLong(SECTOR_MAX), 'sector');
  return { ruc, name, sector, quantityExhibitors: input.quantityExhibitors, quantitySpeakers: input.quantitySpeakers };
}

function live(state: CompanyState): asserts state is CompanyState & { companyId: string; eventId: string; profile: CompanyProfile } {
  if (!state.profile) throw new NotFoundError('COMPANY_NOT_FOUND', m.notFound);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function decide(command: CompanyCommand, state: CompanyState, ctx: DecideContext): CompanyEvent[] {
  const at = ctx.now.toISOString();
  const by = ctx.userId ?? null;
  switch (command.type) {
    case 'exhibitor.RegisterCompany': {
      if (state.profile) throw new DomainError('COMPANY_EXISTS', m.exists, 409);
      const profile = normalizeCompany(command.data.input);
      return [{ type: 'exhibitor.CompanyRegistered', data: { companyId: command.data.companyId, eventId: command.data.eventId, profile, by, at } }];
    }
    case 'exhibitor.ChangeCompany': {
      live(state);
      if (command.data.expectedVersion !== undefined && command.data.expectedVersion !== state.version) throw new DomainError('COMPANY_STALE', m.stale, 409);
      const profile = normalizeCompany(command.data.input);
      // A quota never drops below the places its invitations already hold.
      if (profile.quantityExhibitors < state.usedExhibitors) throw invalid('QUOTA_BELOW_USED', m.quotaBelowUsed(state.usedExhibitors), 'quantityExhibitors');
      if (profile.quantitySpeakers < state.usedSpeakers) throw invalid('QUOTA_BELOW_USED', m.quotaBelowUsed(state.usedSpeakers), 'quantitySpeakers');
      if (same(profile, state.profile)) return [];
      return [{ type: 'exhibitor.CompanyChanged', data: { companyId: state.companyId, eventId: state.eventId, profile, previousRuc: state.profile.ruc, by, at } }];
    }
    case 'exhibitor.ChangeCompanyLogo': {
      live(state);
      if (command.data.logoUrl === state.logoUrl) return [];
      return [{ type: 'exhibitor.CompanyLogoChanged', data: { companyId: state.companyId, eventId: state.eventId, logoUrl: command.data.logoUrl, by, at } }];
    }
    case 'exhibitor.InviteToCompany': {
      live(state);
      const { invitationId, kind, emailHash, emailCipher, asOrganizer } = command.data;
      if (state.invitations[invitationId]) throw new DomainError('INVITATION_ID_TAKEN', m.invitationIdTaken, 409);
      if (kind === 'admin' && !asOrganizer) throw new DomainError('ONLY_ORGANIZER_INVITES_ADMIN', m.onlyOrganizerInvitesAdmin, 403);
      if (!asOrganizer) {
        const admin = Object.values(state.invitations).some((i) => i.kind === 'admin' && i.status === 'accepted' && i.userId === by);
        if (!admin) throw new DomainError('NOT_COMPANY_ADMIN', m.notCompanyAdmin, 403);
      }
      if (Object.values(state.invitations).some((i) => i.kind === kind && i.emailHash === emailHash)) throw new DomainError('ALREADY_INVITED', m.alreadyInvited, 409, { field: 'email' });
      if (kind !== 'admin') {
        const quota = kind === 'exhibitor' ? state.profile.quantityExhibitors : state.profile.quantitySpeakers;
        if (placesUsed(state, kind) >= quota) throw new DomainError('QUOTA_FULL', kind === 'exhibitor' ? m.exhibitorQuotaFull(quota) : m.speakerQuotaFull(quota), 409);
      }
      return [{ type: 'exhibitor.InvitationSent', data: { invitationId, companyId: state.companyId, eventId: state.eventId, kind, emailHash, emailCipher, by, at } }];
    }
    case 'exhibitor.AcceptInvitation': {
      live(state);
      const inv = state.invitations[command.data.invitationId];
      if (!inv) throw new NotFoundError('INVITATION_NOT_FOUND', m.invitationNotFound);
      if (inv.status === 'accepted') {
        if (inv.userId === command.data.userId) return [];
        throw new DomainError('INVITATION_USED', m.invitationUsed, 409);
      }
      if (inv.emailHash !== command.data.emailHash) throw new DomainError('INVITATION_OTHER_EMAIL', m.invitationOtherEmail, 403);
      return [{ type: 'exhibitor.InvitationAccepted', data: { invitationId: command.data.invitationId, companyId: state.companyId, eventId: state.eventId, kind: inv.kind, userId: command.data.userId, at } }];
    }
  }
}

/** Places of a quota the company's invitations hold (pending and accepted ones). */
export const placesUsed = (state: Pick<CompanyState, 'invitations'>, kind: 'exhibitor' | 'speaker') => Object.values(state.invitations).filter((i) => i.kind === kind).length;

export function evolve(state: CompanyState, event: CompanyEvent): CompanyState {
  const version = state.version + 1;
  switch (event.type) {
    case 'exhibitor.CompanyRegistered':
      return { ...state, companyId: event.data.companyId, eventId: event.data.eventId, profile: event.data.profile, createdAt: event.data.at, version };
    case 'exhibitor.CompanyChanged':
      return { ...state, profile: event.data.profile, version };
    case 'exhibitor.CompanyLogoChanged':
      return { ...state, logoUrl: event.data.logoUrl, version };
    case 'exhibitor.InvitationSent': {
      const { invitationId, kind, emailHash } = event.data;
      const invitations = { ...state.invitations, [invitationId]: { kind, emailHash, status: 'pending' as const, userId: null } };
      return { ...state, invitations, usedExhibitors: placesUsed({ invitations }, 'exhibitor'), usedSpeakers: placesUsed({ invitations }, 'speaker'), version };
    }
    case 'exhibitor.InvitationAccepted': {
      const inv = state.invitations[event.data.invitationId];
      if (!inv) return { ...state, version };
      return { ...state, invitations: { ...state.invitations, [event.data.invitationId]: { ...inv, status: 'accepted', userId: event.data.userId } }, version };
    }
  }
}

export const companyDecider: Decider<CompanyCommand, CompanyEvent, CompanyState> = { decide, evolve, initialState };
