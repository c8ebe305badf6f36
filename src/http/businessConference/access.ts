import type { Request } from 'express';
import type { AppContext } from '../../context.js';
import type { RoundDto } from '../../contracts/businessConference-rounds.js';
import type { AccessAction } from '../../domain/access/matrix.js';
import { messages } from '../../messages/es.js';
import { findRound } from '../../projections/businessConference/rounds-queries.js';
import { authorize, readAccessHeaders, type AccessGrant } from '../access/guard.js';
import { HttpError } from '../errors.js';

const MODULE = 'businessConference';

/**
 * The guard for a call about one round: 404 in Spanish when the round is unknown (or deleted), else the access
 * guard on the round's event with the round named, so that team roles (event scope) pass for every round of their
 * event and participants only for the rounds they hold a role in. The roles are always the business conference's:
 * a page header is checked only when the request's module header is the business conference too.
 */
export async function authorizeRound(
  ctx: Pick<AppContext, 'db'>,
  req: Request,
  roundId: string,
  action?: AccessAction,
): Promise<{ grant: AccessGrant; round: RoundDto }> {
  const round = await findRound(ctx.db, roundId);
  if (!round) throw new HttpError(404, messages.businessConference.rounds.notFound, 'ROUND_NOT_FOUND');
  const h = req.access ?? readAccessHeaders(req);
  const grant = await authorize(ctx, req.user, {
    event: round.eventId,
    action,
    client: h.client,
    headerEvent: h.event,
    module: MODULE,
    page: h.module === MODULE ? h.page : undefined,
    businessConference: round._id,
    exhibitorCompany: h.exhibitorCompany,
  });
  return { grant, round };
}
