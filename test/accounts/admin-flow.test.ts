import { describe, expect, it } from 'vitest';
import { socketFor } from '../chat/helpers.js';
import { bearer, makeAdministrator, signIn, signUp, type SignedUpUser } from '../support/accounts.js';
import { useTestApp } from '../support/app.js';

// Platform administration over HTTP: suspend/reactivate (sessions end at once, sign-in refused), promote/demote
// (never oneself, never the last administrator, even when two administrators demote each other at once), the
// audit trail, quick search and the organizer's events. Every route is for platform administrators only.
const app = useTestApp({ parts: { workers: false } });

async function call(token: string, method: string, path: string) {
  const res = await fetch(`${app.api}${path}`, { method, headers: bearer(token) });
  return { status: res.status, body: (await res.json()) as any };
}

async function newAdmin(name: string): Promise<SignedUpUser> {
  const u = await signUp(app.url, { displayName: name });
  await makeAdministrator(app.ctx, u.user._id);
  return u;
}

describe('platform administration of accounts', () => {
  it('refuses non-administrators (403) and anonymous callers (401) on every admin route', async () => {
    const plain = await signUp(app.url, { displayName: 'Persona Común' });
    const target = await signUp(app.url);
    const routes: [string, string][] = [
      ['GET', '/admin/dashboard'],
      ['GET', '/admin/users'],
      ['GET', '/admin/organizers'],
      ['GET', `/admin/users/${target.user._id}`],
      ['GET', `/admin/organizers/${target.user._id}/events`],
      ['POST', `/admin/users/${target.user._id}/suspend`],
      ['POST', `/admin/users/${target.user._id}/reactivate`],
      ['PUT', `/admin/users/${target.user._id}/administrator`],
      ['DELETE', `/admin/users/${target.user._id}/administrator`],
    ];
    for (const [method, path] of routes) {
      const r = await call(plain.token, method, path);
      expect(r.status, `${method} ${path}`).toBe(403);
      expect(r.body.messagePublic).toBe('No tienes permiso para acceder a esta página.');
      expect((await fetch(`${app.api}${path}`, { method })).status, `${method} ${path} anonymous`).toBe(401);
    }
    // Nothing happened to the target.
    expect((await call(target.token, 'GET', '/validate')).status).toBe(200);
  });

  it('suspends an account: its session ends at once, sign-in is refused in Spanish; reactivating lets it back in', async () => {
    const admin = await newAdmin('Admin Suspende');
    const target = await signUp(app.url, { displayName: 'Cuenta Suspendible' });
    expect((await call(target.token, 'GET', '/validate')).status).toBe(200);

    const s = await call(admin.token, 'POST', `/admin/users/${target.user._id}/suspend`);
    expect(s.status).toBe(200);
    expect(s.body.data).toMatchObject({ id: target.user._id, suspended: true });
    expect(s.body.message).toBe('Cuenta suspendida. Sus sesiones se cerraron.');

    expect((await call(target.token, 'GET', '/validate')).status).toBe(401);
    const refused = await fetch(`${app.api}/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: target.email, password: target.password }),
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as any).messagePublic).toBe('Tu cuenta está suspendida. Si crees que es un error, escríbenos para revisarla.');
    // A wrong password still says only "Credenciales incorrectas": the suspension is not revealed to a guesser.
    const wrong = await fetch(`${app.api}/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: target.email, password: 'otra-clave-123' }),
    });
    expect(wrong.status).toBe(401);

    // A retried suspension is harmless (nothing new appended, same answer).
    const again = await call(admin.token, 'POST', `/admin/users/${target.user._id}/suspend`);
    expect(again.status).toBe(200);
    expect(again.body.position).toBeNull();

    const r = await call(admin.token, 'POST', `/admin/users/${target.user._id}/reactivate`);
    expect(r.status).toBe(200);
    expect(r.body.data.suspended).toBe(false);
    const back = await signIn(app.url, target.email, target.password);
    expect((await call(back.token, 'GET', '/validate')).status).toBe(200);

    // The audit trail names who did what, newest first.
    const detail = await call(admin.token, 'GET', `/admin/users/${target.user._id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.activity.map((a: any) => [a.action, a.by?.displayName])).toEqual([
      ['reactivated', 'Admin Suspende'],
      ['suspended', 'Admin Suspende'],
    ]);
  });

  it("suspending closes the account's open sockets at once", async () => {
    const admin = await newAdmin('Admin Sockets');
    const target = await signUp(app.url, { displayName: 'Cuenta Con Socket' });
    const socket = await socketFor(app.url, target.token);
    try {
      const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
      expect((await call(admin.token, 'POST', `/admin/users/${target.user._id}/suspend`)).status).toBe(200);
      await closed;
      expect(socket.connected).toBe(false);
      // And no new socket: the token's session is gone.
      await expect(socketFor(app.url, target.token)).rejects.toThrow();
    } finally {
      socket.close();
    }
  });

  it('an administrator cannot suspend or demote themselves', async () => {
    const admin = await newAdmin('Admin Solo Ella');
    const s = await call(admin.token, 'POST', `/admin/users/${admin.user._id}/suspend`);
    expect(s.status).toBe(409);
    expect(s.body.messagePublic).toBe('No puedes suspender tu propia cuenta.');
    const d = await call(admin.token, 'DELETE', `/admin/users/${admin.user._id}/administrator`);
    expect(d.status).toBe(409);
    expect(d.body.messagePublic).toBe('No puedes quitarte a ti mismo el rol de administrador.');
    expect((await call(admin.token, 'GET', '/validateadmin')).status).toBe(200);
  });

  it('promotes and demotes administrators, recorded in the audit trail', async () => {
    const admin = await newAdmin('Admin Promueve');
    const other = await signUp(app.url, { displayName: 'Futura Admin' });
    expect((await call(other.token, 'GET', '/validateadmin')).status).toBe(403);

    const p = await call(admin.token, 'PUT', `/admin/users/${other.user._id}/administrator`);
    expect(p.status).toBe(200);
    expect(p.body.data.administrator).toBe(true);
    expect((await call(other.token, 'GET', '/validateadmin')).status).toBe(200);

    const d = await call(admin.token, 'DELETE', `/admin/users/${other.user._id}/administrator`);
    expect(d.status).toBe(200);
    expect(d.body.data.administrator).toBe(false);
    expect((await call(other.token, 'GET', '/validateadmin')).status).toBe(403);

    const detail = await call(admin.token, 'GET', `/admin/users/${other.user._id}`);
    expect(detail.body.data.activity.map((a: any) => [a.action, a.by?.id])).toEqual([
      ['administratorRevoked', admin.user._id],
      ['administratorGranted', admin.user._id],
    ]);
  });

  it('two administrators demoting each other at once: one wins, one administrator always remains', async () => {
    const a = await newAdmin('Admin Carrera A');
    const b = await newAdmin('Admin Carrera B');
    const [ra, rb] = await Promise.all([
      call(a.token, 'DELETE', `/admin/users/${b.user._id}/administrator`),
      call(b.token, 'DELETE', `/admin/users/${a.user._id}/administrator`),
    ]);
    expect([ra.status, rb.status].sort()).toEqual([200, 403]);
    const still = await Promise.all([call(a.token, 'GET', '/validateadmin'), call(b.token, 'GET', '/validateadmin')]);
    expect(still.map((r) => r.status).sort()).toEqual([200, 403]);
  });

  it('searches users by name or e-mail ignoring accents and case, with server paging', async () => {
    const admin = await newAdmin('Admin Busca');
    const tag = `z${Date.now().toString(36)}`;
    await signUp(app.url, { displayName: `José Pérez Ñuñez ${tag}` });
    await signUp(app.url, { displayName: 'Otra Persona', email: `maria.${tag}@example.test` });
    const byName = await call(admin.token, 'GET', `/admin/users?search=${encodeURIComponent(`jose PEREZ nunez ${tag}`)}`);
    expect(byName.status).toBe(200);
    expect(byName.body.rows.map((r: any) => r.displayName)).toEqual([`José Pérez Ñuñez ${tag}`]);
    const byMail = await call(admin.token, 'GET', `/admin/users?search=${encodeURIComponent(`MARIA.${tag}`)}`);
    expect(byMail.body.rows.map((r: any) => r.displayName)).toEqual(['Otra Persona']);
    const paged = await call(admin.token, 'GET', `/admin/users?search=${tag}&pageSize=1&page=1&sortField=displayName&sortOrder=asc`);
    expect(paged.body.rowCount).toBe(2);
    expect(paged.body.rows.map((r: any) => r.displayName)).toEqual(['Otra Persona']);
    const suspendedOnly = await call(admin.token, 'GET', `/admin/users?search=${tag}&filterField=suspended&filterOperator=is&filterValue=true`);
    expect(suspendedOnly.body.rowCount).toBe(0);
    // A decimal against an integer column, a year timestamptz cannot hold: answered, never a 500.
    const decimal = await call(admin.token, 'GET', `/admin/organizers?filterField=events&filterOperator=${encodeURIComponent('>')}&filterValue=0.5`);
    expect(decimal.status).toBe(200);
    const farDate = await call(admin.token, 'GET', `/admin/users?filterField=createdAt&filterOperator=after&filterValue=${encodeURIComponent('+275000-01-01T00:00:00Z')}`);
    expect(farDate.status).toBe(200);
  });

  it("lists an organizer's events", async () => {
    const admin = await newAdmin('Admin Organizadores');
    const org = await signUp(app.url, { displayName: 'Organizadora Uno' });
    const code = `org${Date.now().toString(36)}`;
    const created = await fetch(`${app.api}/event`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(org.token) },
      body: JSON.stringify({ eventName: 'Feria de Prueba', eventCode: code, startDate: '2030-05-01T15:00:00.000Z', endDate: '2030-05-01T20:00:00.000Z', timeZone: 'America/Lima', venue: 'Lima' }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const r = await call(admin.token, 'GET', `/admin/organizers/${org.user._id}/events`);
    expect(r.status).toBe(200);
    expect(r.body.data.organizer.displayName).toBe('Organizadora Uno');
    expect(r.body.data.events.map((e: any) => [e.eventCode, e.eventName, e.published])).toEqual([[code, 'Feria de Prueba', false]]);
    const grid = await call(admin.token, 'GET', `/admin/organizers?search=${encodeURIComponent('organizadora uno')}`);
    expect(grid.body.rows.map((x: any) => [x.displayName, x.events])).toEqual([['Organizadora Uno', 1]]);
    expect((await call(admin.token, 'GET', '/admin/organizers/no-existe/events')).status).toBe(404);
  });
});
