import type { AppContext } from '../../context.js';
import { runMeetingCommand } from './meeting-respond.js';

/** Expires a request still unanswered at its expiresAt (the expiry job); an answered one is left alone. */
export async function expireMeeting(ctx: Pick<AppContext, 'store' | 'clock' | 'newId'>, meetingId: string): Promise<{ expired: boolean }> {
  const r = await runMeetingCommand(ctx, meetingId, { type: 'businessConference.ExpireMeeting', data: {} }, { commandId: `meeting-expire:${meetingId}` });
  return { expired: r.events.some((e) => e.type === 'businessConference.MeetingExpired') };
}
