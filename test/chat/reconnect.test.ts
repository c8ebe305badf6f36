import { randomUUID } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/contracts/chat.js';
import type { SignedUpUser } from '../support/accounts.js';
import { startTestNode } from '../support/context.js';
import { api, shareTeam, signUpMany, sleep, until } from './helpers.js';

const PAIRS = 5;
const PER_SENDER = 50; // 5 rooms x 2 senders x 50 = 500 sends
const DISCONNECTS = 50;

/**
 * A client like the web app's: an outbox of pending messages sent one at a time (ack = saved), kept across
 * disconnects and resent with the same ids after reconnecting; missed messages fetched with newChatMessage.
 */
class ChatClient {
  socket: Socket;
  outbox: { id: string; room: string; text: string }[] = [];
  confirmed: ChatMessage[] = [];
  received = new Map<string, ChatMessage>();
  lastSeen = new Map<string, string>();
  /** Newest saveDate per room received before the connection dropped: where the missed-messages fetch starts. */
  resumeFrom = new Map<string, string>();
  resends = 0;
  private flushing = false;

  constructor(
    readonly baseUrl: string,
    readonly me: SignedUpUser,
  ) {
    this.socket = connect(baseUrl, {
      auth: { token: me.token },
      transports: ['websocket'],
      forceNew: true,
      reconnectionDelay: 50,
      reconnectionDelayMax: 200,
    });
    this.socket.on('chat-room:message', (m: ChatMessage) => this.take(m));
    this.socket.on('disconnect', () => {
      for (const [room, seen] of this.lastSeen) if (!this.resumeFrom.has(room)) this.resumeFrom.set(room, seen);
    });
    this.socket.on('connect', () => {
      void this.flush();
      const owed = new Map(this.resumeFrom);
      this.resumeFrom.clear();
      void this.fetchMissed(owed);
    });
  }

  private take(m: ChatMessage) {
    if (m.sender === this.me.user._id) return;
    this.received.set(m._id, m);
    const seen = this.lastSeen.get(m._room);
    if (!seen || seen < m.saveDate) this.lastSeen.set(m._room, m.saveDate);
  }

  send(room: string, text: string) {
    this.outbox.push({ id: randomUUID(), room, text });
    void this.flush();
  }

  async flush() {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.outbox.length && this.socket.connected) {
        const m = this.outbox[0];
        let ack: { ok: boolean; status?: number; data?: ChatMessage };
        try {
          ack = await this.socket.timeout(1500).emitWithAck('chat-room:message', { _room: m.room, id: m.id, message: m.text });
        } catch {
          this.resends++; // no ack (connection dropped): stays pending, resent with the same id
          continue;
        }
        if (ack.ok) {
          this.outbox.shift();
          this.confirmed.push(ack.data!);
        } else if (ack.status === 429) {
          await sleep(60);
        } else {
          throw new Error(`send failed ${JSON.stringify(ack)}`);
        }
      }
    } finally {
      this.flushing = false;
    }
  }

  async fetchMissed(from: Map<string, string>) {
    const http = api(this.baseUrl, this.me.token);
    for (const [room, since] of [...from]) {
      let skip = 0;
      let back: string | undefined;
      for (;;) {
        const q = `newChatMessage?_room=${room}&lastDateFront=${encodeURIComponent(since)}&skip=${skip}${back ? `&lastDateBack=${encodeURIComponent(back)}` : ''}`;
        const r = await http.get(q);
        if (r.status !== 200) throw new Error(`newChatMessage ${r.status}`);
        back = r.body.lastDateBack;
        for (const m of r.body.data as ChatMessage[]) this.take(m);
        skip += r.body.data.length;
        if (r.body.data.length === 0 || skip >= r.body.docs) break;
      }
      from.delete(room);
    }
  }
}

describe('chat under random disconnects', () => {
  let t: Awaited<ReturnType<typeof startTestNode>>;
  const clients: ChatClient[] = [];

  beforeAll(async () => {
    t = await startTestNode();
  });
  afterAll(async () => {
    clients.forEach((c) => c.socket.disconnect());
    await sleep(300);
    await t?.stop();
  });

  it('500 sends with 50 random socket drops: nothing lost, nothing doubled, order kept per room', async () => {
    const users = await signUpMany(
      t.node.url,
      Array.from({ length: PAIRS * 2 }, (_, i) => `Persona ${i}`),
    );
    const rooms: string[] = [];
    for (let p = 0; p < PAIRS; p++) {
      const [a, b] = [users[2 * p], users[2 * p + 1]];
      await shareTeam(t.ctx, a, b);
      const roomId = (await api(t.node.url, a.token).room(b.user._id)).chatRoom._id;
      rooms.push(roomId);
      const ca = new ChatClient(t.node.url, a);
      const cb = new ChatClient(t.node.url, b);
      clients.push(ca, cb);
      // Both know the room from the start (as the web app does after loading the list).
      ca.lastSeen.set(roomId, new Date(0).toISOString());
      cb.lastSeen.set(roomId, new Date(0).toISOString());
      ca.resumeFrom.set(roomId, new Date(0).toISOString());
      cb.resumeFrom.set(roomId, new Date(0).toISOString());
    }
    await until(async () => clients.every((c) => c.socket.connected));

    // 50 drops at random moments on random clients while the sends go on.
    let drops = 0;
    const dropper = (async () => {
      while (drops < DISCONNECTS) {
        await sleep(20 + Math.random() * 40);
        const c = clients[Math.floor(Math.random() * clients.length)];
        if (!c.socket.connected) continue;
        c.socket.io.engine.close(); // like a network drop: the client reconnects by itself
        drops++;
      }
    })();

    for (let i = 0; i < PER_SENDER; i++) {
      clients.forEach((c, k) => c.send(rooms[Math.floor(k / 2)], `m${i} de ${k}`));
      await sleep(5 + Math.random() * 10);
    }
    await dropper;
    await until(async () => clients.every((c) => c.outbox.length === 0 && c.socket.connected), 40_000, 50);
    // Acks answer before the read model has every message: let the projection catch up first.
    await until(async () => {
      const r = await t.ctx.db.selectFrom('chat_messages').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      return Number(r.n) >= PAIRS * 2 * PER_SENDER;
    }, 20_000);
    // Only fetches that a reconnect still owes (none if every reconnect's fetch completed).
    await Promise.all(clients.map((c) => c.fetchMissed(c.resumeFrom)));

    expect(drops).toBe(DISCONNECTS);
    // Server side: exactly 500 messages, one per client id, each sender's order kept in the room's sequence.
    const rows = await t.ctx.db.selectFrom('chat_messages').selectAll().orderBy('room_id').orderBy('seq').execute();
    expect(rows).toHaveLength(PAIRS * 2 * PER_SENDER);
    expect(new Set(rows.map((r) => `${r.sender_id}:${r.client_id}`)).size).toBe(rows.length);
    clients.forEach((c, k) => {
      const mine = rows.filter((r) => r.sender_id === c.me.user._id).map((r) => r.message);
      expect(mine).toEqual(Array.from({ length: PER_SENDER }, (_, i) => `m${i} de ${k}`));
      expect(c.confirmed.map((m) => m.message)).toEqual(mine);
    });
    // Client side: every receiver has every message of its peer exactly once (live or fetched after reconnect).
    clients.forEach((c, k) => {
      const peer = k % 2 === 0 ? k + 1 : k - 1;
      const got = [...c.received.values()].sort((x, y) => x.seq - y.seq).map((m) => m.message);
      expect(got).toEqual(Array.from({ length: PER_SENDER }, (_, i) => `m${i} de ${peer}`));
    });
    const seqs = rows.map((r) => `${r.room_id}:${r.seq}`);
    expect(new Set(seqs).size).toBe(seqs.length);
  }, 90_000);
});
