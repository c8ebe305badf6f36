/** registerAttendance: a participant checked in (or not) on one day of the round. Idempotent by value and client id. */
import type { AppContext } from '../../context.js';
import { attendanceDecider, attendanceStreamId } from '../../domain/businessConference/attendance.js';
import { handleCommand } from '../handle.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId'>;

export async function setAttendance(
  ctx: Ctx,
  input: { participantId: string; roundId: string; eventId: string; day: string; present: boolean; roundDays: string[]; by: string; clientId: string },
) {
  const { participantId, roundId, eventId, day, present, roundDays } = input;
  const result = await handleCommand(ctx, {
    streamId: attendanceStreamId(participantId),
    decider: attendanceDecider,
    command: { type: 'businessConference.SetAttendance', data: { participantId, roundId, eventId, day, present, roundDays } },
    meta: { userId: input.by, commandId: `attendance:${input.clientId}` },
  });
  return { days: [...result.state.days].sort(), position: result.position };
}
