import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/contracts/chat.js';
import { userRoom } from '../../src/realtime/realtime.js';
import type { SignedUpUser } from '../support/accounts.js';
import { startTestNode } from '../support/context.js';
import { api, nextEvent, shareTeam, signUpMany, socketFor, until } from '../chat/helpers.js';
import './test-events.js'; // the test:* events pushed below

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Scale-out as deployed: a second API process (`tsx src/main.ts`, its own OS process) on the same database and
 * Redis prefix as the in-process node. Rooms are shared through the Socket.IO Redis adapter.
 */
describe('two API processes behind one Redis', () => {
  let t: Awaited<ReturnType<typeof startTestNode>>;
  let child: ChildProcess;
  let childUrl: string;
  let dataDir: string;
  let ana: SignedUpUser, beto: SignedUpUser;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await startTestNode();
    const port = await freePort();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'aforo-second-process-'));
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'),
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: t.ctx.config.databaseUrl,
        REDIS_URL: t.ctx.config.redisUrl,
        REDIS_PREFIX: t.ctx.config.redisPrefix,
        JWT_SECRET: t.ctx.config.jwtSecret,
        PII_MASTER_KEY: t.ctx.config.piiMasterKey.toString('base64'),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    childUrl = `http://127.0.0.1:${port}`;
    await until(async () => (await fetch(`${childUrl}/api/v2/health`).catch(() => null))?.ok, 45_000, 200);
    [ana, beto] = await signUpMany(t.node.url, ['Ana Proceso', 'Beto Proceso']);
    await shareTeam(t.ctx, ana, beto);
  }, 90_000);

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await t?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('the other process authenticates the same token and receives pushes made in this one', async () => {
    const validate = await fetch(`${childUrl}/api/v2/validate`, { headers: { authorization: `Bearer ${beto.token}` } });
    expect(validate.status).toBe(200);
    const socket = await socketFor(childUrl, beto.token);
    sockets.push(socket);
    const marker = randomUUID();
    const received = nextEvent<{ marker: string }>(socket, 'test:ping', (p) => p.marker === marker);
    t.ctx.realtime.emit(userRoom(beto.user._id), 'test:ping', { marker });
    expect(await received).toEqual({ marker });
  });

  it('a chat message sent through this process reaches a user connected to the other one, and back', async () => {
    const atBeto = await socketFor(childUrl, beto.token);
    const atAna = await socketFor(t.node.url, ana.token);
    sockets.push(atBeto, atAna);
    const A = api(t.node.url, ana.token);
    const B = api(childUrl, beto.token);
    const roomId = (await A.room(beto.user._id)).chatRoom._id;

    const id = randomUUID();
    const toBeto = nextEvent<ChatMessage>(atBeto, 'chat-room:message', (m) => m.id === id);
    expect((await A.send(roomId, 'hola desde el proceso 1', id)).status).toBe(200);
    expect((await toBeto).message).toBe('hola desde el proceso 1');

    const back = randomUUID();
    const toAna = nextEvent<ChatMessage>(atAna, 'chat-room:message', (m) => m.id === back);
    expect((await B.send(roomId, 'respuesta desde el proceso 2', back)).status).toBe(200);
    expect((await toAna).message).toBe('respuesta desde el proceso 2');
  });
});
