import { BC_HELP_UPDATED_SOCKET_EVENT, type BcHelpUpdatedPayload } from '../../contracts/businessConference-desk.js';
import type { HelpEvent } from '../../domain/businessConference/help.js';
import { userRoom } from '../../realtime/realtime.js';
import { moduleTeamOf } from '../access/queries.js';
import { defineProjection } from '../projection.js';
import { findHelpRequest } from './desk-queries.js';

/** Who answers help requests: the event's owner and its business-conference administrators and support. */
export const HELP_DESK_ROLES = ['administrator', 'support'] as const;

/**
 * `businessConference.desk-help`: one row per help request, with its waits. After the batch commits, each changed
 * request is pushed (`bcHelp:updated`) to the event's help desk (every API process applies the push batch to its
 * own sockets, so agents connected anywhere see it) and to the asking participant.
 */
export const deskHelpProjection = defineProjection<HelpEvent>({
  name: 'businessConference.desk-help',
  eventTypes: ['businessConference.HelpRequested', 'businessConference.HelpTaken', 'businessConference.HelpResolved'],
  async handle(events, ctx) {
    const { trx } = ctx;
    const changed = new Map<string, string>();
    for (const e of events) {
      const d = e.data;
      switch (e.type) {
        case 'businessConference.HelpRequested':
          await trx
            .insertInto('bc_help_requests')
            .values({
              id: d.requestId,
              round_id: d.roundId,
              event_id: d.eventId,
              meeting_id: d.meetingId,
              side: d.side,
              participant_id: d.participantId,
              user_id: d.userId,
              company_name: d.companyName,
              contact_name: d.contactName,
              status: 'open',
              created_at: e.data.at,
              position: e.position,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        case 'businessConference.HelpTaken':
          await trx
            .updateTable('bc_help_requests')
            .set({
              status: 'taken',
              taken_at: e.data.at,
              taken_by: e.data.agentId,
              taken_by_name: e.data.agentName,
              chat_room_id: e.data.chatRoomId,
              wait_seconds: e.data.waitSeconds,
              position: e.position,
            })
            .where('id', '=', d.requestId)
            .execute();
          break;
        case 'businessConference.HelpResolved':
          await trx
            .updateTable('bc_help_requests')
            .set({ status: 'resolved', resolved_at: e.data.at, resolved_by: e.data.agentId, handling_seconds: e.data.handlingSeconds, position: e.position })
            .where('id', '=', d.requestId)
            .execute();
          break;
      }
      changed.set(d.requestId, e.position);
    }
    if (ctx.replaying) return;
    const teams = new Map<string, string[]>();
    for (const [id, position] of changed) {
      const request = await findHelpRequest(trx, id);
      if (!request) continue;
      let team = teams.get(request.eventId);
      if (!team) teams.set(request.eventId, (team = await moduleTeamOf(trx, request.eventId, 'businessConference', HELP_DESK_ROLES)));
      const rooms = [...new Set([...team, request.userId])].map(userRoom);
      const payload: BcHelpUpdatedPayload = { eventId: request.eventId, roundId: request.roundId, request, position };
      ctx.afterCommit(({ realtime }) => realtime.emit(rooms, BC_HELP_UPDATED_SOCKET_EVENT, payload));
    }
  },
  async reset(trx) {
    await trx.deleteFrom('bc_help_requests').execute();
  },
});
