import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../contracts/accounts.js';
import type { InviteCollaboratorRequest } from '../../contracts/events.js';
import * as svc from '../../commands/events/service.js';
import { rolesOf, type CreatedEvent } from '../../domain/events/event.js';
import { DomainError } from '../../domain/shared/errors.js';
import { messages } from '../../messages/es.js';
import { usersByIds } from '../../projections/events/queries.js';
import { waitForPosition } from '../../projections/wait.js';
import { HttpError } from '../errors.js';

/** The team: owner first, then collaborators with their roles by module; plus pending e-mail invitations. */
export async function collaboratorsOf(ctx: AppContext, s: CreatedEvent) {
  const ids = [s.ownerId, ...Object.keys(s.members).filter((id) => Object.keys(s.members[id]).length)];
  const names = await usersByIds(ctx.db, ids);
  return {
    data: ids.map((userId) => ({
      userId,
      displayName: names.get(userId)?.displayName ?? '',
      email: names.get(userId)?.email ?? '',
      owner: userId === s.ownerId,
      roles: rolesOf(s, userId) as Record<string, string>,
    })),
    pending: s.invitations.map((i) => ({ _id: i.id, emailMasked: i.emailMasked, module: i.module, role: i.role, invitedAt: i.at })),
  };
}

/**
 * An e-mail with an account gets the role at once (events.CollaboratorInvited); otherwise a pending invitation
 * keyed by the e-mail's hash waits until that person signs up or signs in.
 */
export async function inviteCollaborator(ctx: AppContext, user: AuthUser, eventId: string, body: InviteCollaboratorRequest) {
  // account_credentials is written with the sign-up itself (no projection lag), keyed by the same e-mail hash.
  const invitee = await ctx.db
    .selectFrom('account_credentials')
    .select('user_id as id')
    .where('email_hash', '=', svc.emailHashOf(body.email))
    .executeTakeFirst();
  if (invitee) {
    const r = await svc.grantCollaborator(ctx, user, eventId, invitee.id, body.module, body.role);
    return { data: { status: 'granted' as const, userId: invitee.id, invitationId: null, module: body.module, role: body.role }, position: r.position };
  }
  const r = await svc.inviteByEmail(ctx, user, eventId, body.email, body.module, body.role);
  const pending = r.state.invitations.find((i) => i.emailHash === svc.emailHashOf(body.email) && i.module === body.module);
  return {
    data: { status: 'pending' as const, userId: null, invitationId: pending?.id ?? r.invitationId, module: body.module, role: body.role },
    position: r.position,
  };
}

/**
 * /confirm/invitation/{token}: the token is the invitation id; only the invited e-mail's account may use it.
 * A cancelled invitation keeps its row (cancelled_at), and the event's stream refuses it with INVITATION_CANCELLED
 * even before the read model has seen the cancellation.
 */
export async function confirmInvitation(ctx: AppContext, user: AuthUser, invitationId: string) {
  const row = await ctx.db.selectFrom('event_invitations').select(['event_id']).where('id', '=', invitationId).executeTakeFirst();
  if (!row) throw new HttpError(404, messages.events.invitationNotFound, 'INVITATION_NOT_FOUND');
  const r = await svc.acceptInvitation(ctx, user, row.event_id, invitationId);
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

/**
 * Grants every pending invitation addressed to the user's e-mail. Called when the user enters the module area
 * or lists his events (right after sign-up or sign-in), so invitations sent before the account existed apply.
 */
export async function claimPendingInvitations(ctx: AppContext, user: AuthUser): Promise<void> {
  const rows = await ctx.db
    .selectFrom('event_invitations')
    .select(['id', 'event_id'])
    .where('email_hash', '=', svc.emailHashOf(user.email))
    .where('cancelled_at', 'is', null)
    .execute();
  let last: string | null = null;
  for (const row of rows) {
    try {
      const r = await svc.acceptInvitation(ctx, user, row.event_id, row.id);
      last = r.position ?? last;
    } catch (err) {
      // Already used, or the invitee is the owner: nothing to grant; the invitation stays for the owner to see.
      if (!(err instanceof DomainError)) throw err;
    }
  }
  if (last) await waitForPosition(ctx.db, ctx.store, last, { timeoutMs: 5000 });
}
