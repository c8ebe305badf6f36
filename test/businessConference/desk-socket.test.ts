import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { createContext } from '../../src/context.js';
import { startNode } from '../../src/server.js';
import { BC_HELP_UPDATED_SOCKET_EVENT, type BcHelpUpdatedPayload } from '../../src/contracts/businessConference-desk.js';
import type { Client } from '../events/helpers.js';
import { useFixture, useTestApp } from '../support/app.js';
import { seedDesk } from './desk-support.js';

const app = useTestApp();
const w = useFixture(() => seedDesk(app), async () => {});
/**
 * A second API process (same database and Redis, no projections or workers), as behind a load balancer: the push
 * leaves the projection runner's process and reaches sockets connected here through the Redis push batches.
 */
const second = useFixture(
  async () => {
    const ctx = await createContext(app.ctx.config, { logger: pino({ level: 'silent' }) });
    const node = await startNode(ctx, { port: 0, host: '127.0.0.1', projections: false, workers: false });
    return { ctx, node };
  },
  async ({ ctx, node }) => {
    await node.close();
    await ctx.close();
  },
);

type Listener = { socket: Socket; got: BcHelpUpdatedPayload[]; ready: Promise<void> };
function listen(c: Client, url = app.url): Listener {
  const socket = connect(url, { auth: { token: c.user!.token }, transports: ['websocket'], forceNew: true, reconnection: false });
  const got: BcHelpUpdatedPayload[] = [];
  socket.on(BC_HELP_UPDATED_SOCKET_EVENT, (p: BcHelpUpdatedPayload) => got.push(p));
  return { socket, got, ready: new Promise<void>((r) => socket.on('connect', () => r())) };
}

async function until(check: () => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('push not received');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('bcHelp:updated over Socket.IO', () => {
  it('two support members (on two API processes) see a new request live, then who took it; the asker sees its state; another organizer gets nothing', async () => {
    const sara = listen(w.agents[0], second.node.url);
    const beto = listen(w.agents[1]);
    const asker = listen(w.demand.c);
    const outsider = listen(w.outsider);
    const all = [sara, beto, asker, outsider];
    await Promise.all(all.map((l) => l.ready));
    try {
      const asked = await w.demand.c.post('/businessConferenceScheduleHelp', { _businessConferenceSchedule: w.meetingId, type: 'demand' });
      expect(asked.status).toBe(200);
      const id = asked.body.data._id;
      const seen = (l: Listener, status: string) => l.got.some((p) => p.request._id === id && p.request.status === status);
      await until(() => seen(sara, 'open') && seen(beto, 'open') && seen(asker, 'open'));
      expect(sara.got.find((p) => p.request._id === id)).toMatchObject({ eventId: w.ev._id, roundId: w.round._id, position: expect.any(String), request: { companyName: 'Compras Andinas', side: 'demand' } });

      const took = await w.agents[1].post(`/businessConference/helpRequests/${encodeURIComponent(id)}/take`, { clientId: crypto.randomUUID() });
      expect(took.status).toBe(200);
      await until(() => seen(sara, 'taken') && seen(beto, 'taken') && seen(asker, 'taken'));
      expect(asker.got.find((p) => p.request.status === 'taken')!.request.takenByName).toBe('Beto Soporte');
      // The outsider's socket was connected all along: the pushes of both changes went to the desk and the asker only.
      expect(outsider.got).toEqual([]);
    } finally {
      for (const l of all) l.socket.disconnect();
    }
  });
});
