import { z } from 'zod';
import { expireMeeting } from '../../commands/businessConference/meeting-expire.js';
import { DomainError } from '../../domain/shared/errors.js';
import { defineJob } from '../jobs.js';

/**
 * Expires a meeting request still unanswered at its expiresAt (the round's request deadline, or its first slot)
 * and gives the requester's quota place back. Enqueued by the businessConference.meetings projection when the
 * request is recorded, with a BullMQ delay, keyed by the meeting. A job that runs early (clock skew) fails with
 * MEETING_NOT_YET_EXPIRED and is retried with backoff; an answered request makes it a no-op.
 */
export const expireMeetingJob = defineJob({
  name: 'businessConference.expireMeeting',
  version: 1,
  queue: 'expiries',
  schema: z.object({ meetingId: z.string() }),
  async handler(payload, { commands, logger }) {
    try {
      const { expired } = await expireMeeting(commands, payload.meetingId);
      logger.debug({ meetingId: payload.meetingId, expired }, 'businessConference: meeting expiry handled');
    } catch (err) {
      if (err instanceof DomainError && err.status === 404) return;
      throw err;
    }
  },
});
