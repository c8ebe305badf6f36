import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The link sent after a meeting, `/{eventCode}/businessConference/{BCCode}/{type}/poll/{token}`: the token names
 * the meeting and the participant it was sent to and is signed with the server's secret, so it cannot be
 * changed into another meeting's. The page still needs that participant signed in to answer.
 */
const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url');

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`businessConference-poll\n${payload}`).digest('base64url').slice(0, 27);
}

export function pollToken(secret: string, meetingId: string, participantId: string): string {
  const payload = b64(`${meetingId}:${participantId}`);
  return `${payload}.${sign(secret, payload)}`;
}

/** The meeting and participant of a valid token, or null (unsigned, altered or malformed). */
export function readPollToken(secret: string, token: string): { meetingId: string; participantId: string } | null {
  const [payload, sig, extra] = token.split('.');
  if (!payload || !sig || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const [meetingId, participantId, more] = Buffer.from(payload, 'base64url').toString('utf8').split(':');
  if (!meetingId || !participantId || more !== undefined) return null;
  return { meetingId, participantId };
}
