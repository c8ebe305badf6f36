import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bearer, makeAdministrator, signUp } from '../support/accounts.js';
import { useTestApp } from '../support/app.js';

// The virtual fair's platform catalogue over HTTP: administrators only, idempotent creation by client id,
// stale edits refused, Spanish errors with their field, archived items hidden from organizers' lists.
const app = useTestApp({ parts: { workers: false } });

async function call(token: string | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${app.api}${path}`, {
    method,
    headers: { ...(token ? bearer(token) : {}), ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function newAdmin() {
  const u = await signUp(app.url, { displayName: 'Admin Ferias' });
  await makeAdministrator(app.ctx, u.user._id);
  return u;
}

describe('virtual fair catalogue (admin)', () => {
  it('refuses non-administrators (403) and anonymous callers (401)', async () => {
    const plain = await signUp(app.url);
    const id = randomUUID();
    const routes: [string, string, unknown?][] = [
      ['GET', '/admin/virtualFair/fairground'],
      ['POST', '/admin/virtualFair/stands', { clientId: id, name: 'Stand' }],
      ['PUT', `/admin/virtualFair/stands/${id}`, { name: 'Stand' }],
      ['DELETE', `/admin/virtualFair/stands/${id}`],
    ];
    for (const [method, path, body] of routes) {
      expect((await call(plain.token, method, path, body)).status, `${method} ${path}`).toBe(403);
      expect((await call(null, method, path, body)).status, `${method} ${path} anonymous`).toBe(401);
    }
  });

  it('creates (idempotent by client id), lists, edits with expectedVersion and archives', async () => {
    const admin = await newAdmin();
    const clientId = randomUUID();
    const name = `Recinto ${clientId.slice(0, 8)}`;
    const body = { clientId, name, imageUrl: 'https://cdn.example.pe/lobby.png', capacity: 6 };
    const first = await call(admin.token, 'POST', '/admin/virtualFair/fairground', body);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ _id: clientId, kind: 'fairground', name, capacity: 6, archived: false, version: 1 });
    const retry = await call(admin.token, 'POST', '/admin/virtualFair/fairground', body);
    expect(retry.status).toBe(201);
    expect(retry.body.data.version).toBe(1);
    // The same id under another kind is not the same item.
    expect((await call(admin.token, 'POST', '/admin/virtualFair/stands', body)).status).toBe(409);

    await expect.poll(async () => (await call(admin.token, 'GET', '/admin/virtualFair/fairground')).body.data.find((i: any) => i._id === clientId)?.name).toBe(name);

    const changed = await call(admin.token, 'PUT', `/admin/virtualFair/fairground/${clientId}`, { name, capacity: 8, imageUrl: body.imageUrl, expectedVersion: 1 });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ capacity: 8, version: 2 });
    const stale = await call(admin.token, 'PUT', `/admin/virtualFair/fairground/${clientId}`, { name, capacity: 9, expectedVersion: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.messagePublic).toBe('Otra persona cambió este elemento mientras lo editabas. Vuelve a cargarlo.');
    expect((await call(admin.token, 'PUT', `/admin/virtualFair/stands/${clientId}`, { name })).status).toBe(404);

    const archived = await call(admin.token, 'DELETE', `/admin/virtualFair/fairground/${clientId}`);
    expect(archived.status).toBe(200);
    expect(archived.body.data.archived).toBe(true);
    await expect.poll(async () => (await call(admin.token, 'GET', '/admin/virtualFair/fairground')).body.data.find((i: any) => i._id === clientId)?.archived).toBe(true);
  });

  it('answers bad input in Spanish with its field, never a 500', async () => {
    const admin = await newAdmin();
    const noSlots = await call(admin.token, 'POST', '/admin/virtualFair/fairground', { clientId: randomUUID(), name: 'Sin pabellones', capacity: 0 });
    expect(noSlots.status).toBe(400);
    expect(noSlots.body.messagePublic).toBe('Un recinto necesita al menos un espacio para pabellones.');
    const badLink = await call(admin.token, 'POST', '/admin/virtualFair/meetingRooms', { clientId: randomUUID(), name: 'Sala A', link: 'ftp://sala' });
    expect(badLink.status).toBe(400);
    expect(badLink.body.messagePublic).toBe('El enlace debe empezar por http:// o https://.');
    expect((await call(admin.token, 'GET', '/admin/virtualFair/otros')).status).toBe(400);
    expect((await call(admin.token, 'DELETE', `/admin/virtualFair/auditoriums/${randomUUID()}`)).status).toBe(404);
  });
});
