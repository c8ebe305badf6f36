import type { AppContext } from '../../context.js';
import type { RoundDto } from '../../contracts/businessConference-rounds.js';
import { agendaDecider, agendaStreamId, type AgendaCommand, type RoundFrame } from '../../domain/businessConference/agenda.js';
import { handleCommand, type CommandMeta } from '../handle.js';

export type AgendaCtx = Pick<AppContext, 'store' | 'clock' | 'newId' | 'db'>;

/** What the agenda decider needs of a round. */
export const roundFrame = (round: RoundDto): RoundFrame => ({
  roundId: round._id,
  slots: round.slots.map((s) => ({ slotId: s.slotId, day: s.day, index: s.index })),
  venue: round.venue,
  tables: round.tables,
});

/**
 * Runs one command on the round's agenda stream: the stream folded, the append at its version (a concurrent
 * writer makes the command decide again on the new state, unless the client pinned `expectedVersion`: then the
 * conflict is its answer, a 409).
 */
export function runAgenda(ctx: Pick<AppContext, 'store' | 'clock' | 'newId'>, roundId: string, command: AgendaCommand, meta: CommandMeta) {
  return handleCommand(ctx, { streamId: agendaStreamId(roundId), decider: agendaDecider, command, meta });
}
