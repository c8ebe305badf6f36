import type { AppContext } from '../../context.js';
import { rolesOf, type CreatedEvent } from '../../domain/events/event.js';
import { usersByIds } from '../../projections/accounts/queries.js';

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
