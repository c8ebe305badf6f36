/**
 * Invitations of an exhibitor company (src/domain/exhibitor/company.ts): the organizer invites the company's
 * administrator; the administrator invites its exhibitors and speakers within the company's quotas.
 *
 * Invitations are appended to the company's stream at the version their quota was checked on (handleCommand's
 * default: fold, decide, versioned append, decided again on a conflict). Two invitations racing for the last place
 * therefore never both succeed: the second is decided on the state holding the first and refused (QUOTA_FULL).
 * The address is encrypted in the event (PII vault, subject `exhibitor-invitation:<id>`); only its hash is compared.
 */
import type { AppContext } from '../../context.js';
import { createPiiVault } from '../../crypto/pii-vault.js';
import { emailHash, normalizeEmail } from '../../domain/accounts/email.js';
import type { InvitationKind } from '../../domain/exhibitor/company.js';
import { runCompany, type CompanyResult } from './company-manage.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId' | 'db'>;

export const invitationSubject = (invitationId: string) => `exhibitor-invitation:${invitationId}`;

export async function inviteToCompany(
  ctx: Ctx,
  input: { companyId: string; invitationId: string; kind: InvitationKind; email: string; asOrganizer: boolean; by: string | null },
): Promise<CompanyResult> {
  const email = normalizeEmail(input.email);
  const emailCipher = await createPiiVault(ctx.db).encrypt(invitationSubject(input.invitationId), email);
  return runCompany(
    ctx,
    input.companyId,
    { type: 'exhibitor.InviteToCompany', data: { invitationId: input.invitationId, kind: input.kind, emailHash: emailHash(email), emailCipher, asOrganizer: input.asOrganizer } },
    { commandId: `invite:${input.invitationId}`, by: input.by },
  );
}

export function acceptInvitation(ctx: Ctx, input: { companyId: string; invitationId: string; userId: string; emailHash: string }): Promise<CompanyResult> {
  return runCompany(
    ctx,
    input.companyId,
    { type: 'exhibitor.AcceptInvitation', data: { invitationId: input.invitationId, userId: input.userId, emailHash: input.emailHash } },
    { commandId: `accept:${input.invitationId}:${input.userId}`, by: input.userId },
  );
}
