import type { MeetingMoved, MeetingsPlaced } from '../../domain/businessConference/agenda.js';
import { enqueuePollLinks, pollLinksFor, type PlannedPollLink } from '../../workers/businessConference/insights-poll-link.js';
import { defineProjection } from '../projection.js';

/**
 * Reactor `businessConference.pollLinks`: every meeting the agenda places or moves gets a job that mails both sides
 * their poll link when its slot ends (keyed by meeting and slot end: a moved meeting's old job finds it elsewhere
 * and sends nothing; a replay enqueues the same keys). No rows.
 */
export const pollLinksReactor = defineProjection<MeetingsPlaced | MeetingMoved>({
  name: 'businessConference.pollLinks',
  eventTypes: ['businessConference.MeetingsPlaced', 'businessConference.MeetingMoved'],
  async handle(events, ctx) {
    if (ctx.replaying) return;
    const planned: PlannedPollLink[] = [];
    for (const e of events) {
      const placements = e.type === 'businessConference.MeetingsPlaced' ? e.data.placements : [e.data.placement];
      planned.push(...(await pollLinksFor(ctx.trx, e.data.roundId, placements, e.position, new Date())));
    }
    if (planned.length) ctx.afterCommit(({ jobs }) => enqueuePollLinks(jobs, planned));
  },
  async reset() {},
});
