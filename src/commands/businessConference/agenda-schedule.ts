import type { ScheduleSummaryDto } from '../../contracts/businessConference-agenda.js';
import type { RoundDto } from '../../contracts/businessConference-rounds.js';
import type { AgendaScheduled } from '../../domain/businessConference/agenda.js';
import { unavailabilityOfRound } from '../../projections/businessConference/agenda-queries.js';
import { meetingsOfRound } from '../../projections/businessConference/meetings-queries.js';
import { roundFrame, runAgenda, type AgendaCtx } from './agenda-run.js';

/**
 * "Programar todo": places every accepted meeting of the round that has no place yet (with `reschedule`, also
 * re-places every placement the organizer did not pin by hand), as a preliminary agenda. The scheduler runs
 * inside the decision, on the stream's state, so two runs at once cannot both place a meeting: the second
 * append meets the first's version and decides again (or, with the client's expectedVersion, is refused).
 */
export async function scheduleAll(
  ctx: AgendaCtx,
  input: { round: RoundDto; userId: string; clientId: string; reschedule: boolean; expectedVersion?: number },
): Promise<{ summary: ScheduleSummaryDto; version: number; position: string | null; duplicate: boolean }> {
  const { round } = input;
  const [meetings, unavailable] = await Promise.all([meetingsOfRound(ctx.db, round._id, { status: 'accepted' }), unavailabilityOfRound(ctx.db, round._id)]);
  const runId = ctx.newId();
  const r = await runAgenda(
    ctx,
    round._id,
    {
      type: 'businessConference.ScheduleAll',
      data: {
        round: roundFrame(round),
        runId,
        reschedule: input.reschedule,
        meetings: meetings.map((x) => ({ meetingId: x._id, a: x.offerParticipantId, b: x.demandParticipantId, preferredSlotId: x.preferredSlotId })),
        unavailable,
      },
    },
    { commandId: `agenda-schedule:${round._id}:${input.clientId}`, userId: input.userId, expectedVersion: input.expectedVersion },
  );
  const head = r.events.find((e): e is AgendaScheduled => e.type === 'businessConference.AgendaScheduled');
  const d = head?.data;
  const summary: ScheduleSummaryDto = d
    ? { runId: d.runId, placed: d.placed, kept: d.kept, unplaced: d.unplaced, at: d.at }
    : { runId, placed: 0, kept: 0, unplaced: [], at: ctx.clock().toISOString() };
  return { summary, version: r.version, position: r.position, duplicate: r.duplicate };
}
