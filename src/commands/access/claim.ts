import type { AppContext } from '../../context.js';
import { eventDecider, eventStreamId } from '../../domain/events/event.js';
import { DomainError } from '../../domain/shared/errors.js';
import { handleCommand } from '../handle.js';

export interface Claim {
  eventId: string;
  invitationId: string;
  userId: string;
  /** The hash of the e-mail the account proved; the event's decider compares it with the invitation's. */
  emailHash: string;
  /** The event that caused the claim (e-mail verified, or the invitation itself), for the metadata. */
  source: { eventId: string; correlationId?: string };
}

/**
 * Accepts a pending invitation on the invitee's behalf, once the invitee's account proved the invited e-mail.
 * Same command id as the invitee's own confirmation (/confirm/invitation), so the two never grant twice; a
 * retried reactor batch records nothing twice. An invitation already used, cancelled or replaced is skipped.
 */
export async function claimInvitation(ctx: Pick<AppContext, 'store' | 'clock' | 'newId'>, c: Claim): Promise<string | null> {
  try {
    const r = await handleCommand(ctx, {
      streamId: eventStreamId(c.eventId),
      decider: eventDecider,
      command: { type: 'AcceptInvitation', data: { invitationId: c.invitationId, userId: c.userId, emailHash: c.emailHash, emailVerified: true } },
      meta: { commandId: `accept:${c.invitationId}:${c.userId}`, userId: c.userId, causationId: c.source.eventId, correlationId: c.source.correlationId },
    });
    return r.position;
  } catch (err) {
    if (err instanceof DomainError) return null;
    throw err;
  }
}
