import type { Kysely } from 'kysely';
import type { NotificationType } from '../../contracts/notifications.js';
import type { DB } from '../../db/schema.js';
import { toNotification } from './inbox.js';

export async function unreadCount(db: Kysely<DB>, userId: string, type?: NotificationType): Promise<number> {
  let q = db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('unread', '=', true);
  if (type) q = q.where('type', '=', type);
  const r = await q.executeTakeFirstOrThrow();
  return Number(r.n);
}

/** One page, newest first, with the unread flags as they are (reading marks it read: see the route). */
export async function readPage(db: Kysely<DB>, userId: string, opts: { skip: number; limit: number; type?: NotificationType }) {
  let q = db.selectFrom('notifications').where('user_id', '=', userId);
  if (opts.type) q = q.where('type', '=', opts.type);
  const [rows, total] = await Promise.all([
    q.selectAll().orderBy('save_date', 'desc').orderBy('id', 'desc').offset(opts.skip).limit(opts.limit).execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, data: rows.map(toNotification), docs: Number(total.n) };
}
