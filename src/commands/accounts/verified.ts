import type { AppContext } from '../../context.js';
import { userStreamId } from '../../domain/accounts/user.js';

/**
 * Whether an account has proved its e-mail, read from its own stream: exact right after the verification,
 * when the users read model may not have it yet (team invitations decide on it).
 */
export async function emailVerifiedNow(ctx: Pick<AppContext, 'store'>, userId: string): Promise<boolean> {
  const events = await ctx.store.readStream(userStreamId(userId));
  return events.some((e) => e.type === 'accounts.EmailVerified');
}
