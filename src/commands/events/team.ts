/**
 * Use cases of the event's team: inviting (granted at once to a verified account, else a pending invitation),
 * removing a collaborator, and confirming an e-mailed invitation link. Authorization (the access guard) happens
 * before, in the HTTP layer; the grant rule is checked here for a clear 403 and again by the event's decider, which
 * has the last word. Each answers once the memberships read model reflects it, so the next request is
 * authorized by it.
 */
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../contracts/accounts.js';
import type { InviteCollaboratorRequest } from '../../contracts/events.js';
import { mayGrant, type RolesByModule } from '../../domain/access/matrix.js';
import { ForbiddenError, NotFoundError } from '../../domain/shared/errors.js';
import { messages } from '../../messages/es.js';
import { invitationEvent, waitForMemberships } from '../../projections/access/queries.js';
import { accountByEmailHash } from '../../projections/accounts/queries.js';
import { findInvitation } from '../../projections/events/queries.js';
import { emailVerifiedNow } from '../accounts/verified.js';
import * as svc from './service.js';

/** Who is acting, as the access guard answered it. */
export interface Granter {
  eventId: string;
  roles: RolesByModule;
  owner: boolean;
}

const grantForbidden = () => new ForbiddenError('ROLE_GRANT_FORBIDDEN', messages.events.grantForbidden);

/**
 * An e-mail whose account proved it gets the role at once (events.CollaboratorInvited); otherwise a pending
 * invitation keyed by the e-mail's hash waits until an account proves that e-mail (the access module's claimer
 * reacts to the verification) or the invitee confirms the link with a verified account. The grant rule of the
 * access matrix is checked here for a clear 403 and again by the event's decider, which has the last word.
 */
export async function inviteCollaborator(ctx: AppContext, user: AuthUser, access: Granter, body: InviteCollaboratorRequest) {
  if (!mayGrant(access.roles, access.owner, body.module, body.role)) throw grantForbidden();
  const eventId = access.eventId;
  const invitee = await accountByEmailHash(ctx.db, svc.emailHashOf(body.email));
  if (invitee && (invitee.emailVerified || (await emailVerifiedNow(ctx, invitee.userId)))) {
    const r = await svc.grantCollaborator(ctx, user, eventId, invitee.userId, body.module, body.role);
    // The invitee's next request is authorized by the memberships read model.
    await waitForMemberships(ctx.db, ctx.store, r.position);
    return { data: { status: 'granted' as const, userId: invitee.userId, invitationId: null, module: body.module, role: body.role }, position: r.position };
  }
  const r = await svc.inviteByEmail(ctx, user, eventId, body.email, body.module, body.role);
  const pending = r.state.invitations.find((i) => i.emailHash === svc.emailHashOf(body.email) && i.module === body.module);
  return {
    data: { status: 'pending' as const, userId: null, invitationId: pending?.id ?? r.invitationId, module: body.module, role: body.role },
    position: r.position,
  };
}

/** Withdraws every role of a collaborator; answered once the memberships read model no longer grants them. */
export async function removeCollaborator(ctx: AppContext, user: AuthUser, access: Granter, userId: string) {
  const r = await svc.removeCollaborator(ctx, user, access.eventId, userId);
  await waitForMemberships(ctx.db, ctx.store, r.position);
  return { data: { _id: userId, deleted: true as const }, position: r.position };
}

/**
 * /confirm/invitation/{token}: the token is the invitation id; only an account that proved the invited e-mail may
 * use it (unverified: 403 asking to confirm the e-mail first, once the link is known to be valid). A cancelled invitation keeps its row (cancelled_at),
 * and the event's stream refuses it with INVITATION_CANCELLED even before the read model has seen the cancellation.
 */
export async function confirmInvitation(ctx: AppContext, user: AuthUser, invitationId: string) {
  // The access module keeps used and cancelled invitations too: a link opened after the claimer already granted
  // the role answers the first acceptance (same command id), a cancelled one the stream's INVITATION_CANCELLED.
  const eventId = (await invitationEvent(ctx.db, invitationId)) ?? (await findInvitation(ctx.db, invitationId))?.eventId;
  if (!eventId) throw new NotFoundError('INVITATION_NOT_FOUND', messages.events.invitationNotFound);
  const r = await svc.acceptInvitation(ctx, user, eventId, invitationId);
  await waitForMemberships(ctx.db, ctx.store, r.position);
  const roles = r.state.members[user._id] ?? {};
  const [module, role] = Object.entries(roles).at(-1)!;
  const granted = r.events.find((e) => e.type === 'events.CollaboratorInvited');
  return {
    data: {
      eventId: r.state.id,
      eventCode: r.state.eventCode,
      module: (granted?.type === 'events.CollaboratorInvited' ? granted.data.module : module) as never,
      role: (granted?.type === 'events.CollaboratorInvited' ? granted.data.role : role) as never,
    },
    position: r.position,
  };
}
