import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { bearer, jsonPost as json, makeAdministrator, signIn, signUp, uniqueEmail } from '../support/accounts.js';
import { tokenFromMail, type TestSmtp } from '../support/smtp.js';

describe('accounts over HTTP', () => {
  const t = useTestApp({ smtp: true, env: { APP_URL: 'https://aforo.example' } });
  let smtp: TestSmtp;
  let api: string;
  beforeAll(() => void ({ smtp, api } = t));

  it('signs up, verifies by mail, signs in, validates, logs out and rejects the old token', async () => {
    const email = uniqueEmail('flow');
    const password = 'una-clave-segura';
    const res = await fetch(`${api}/signup`, json({ displayName: 'Ana Pérez', email, password }));
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.user).toMatchObject({ displayName: 'Ana Pérez', email, administrator: false, emailVerified: false });
    expect(typeof body.user._id).toBe('string');
    expect(typeof body.user.publicUserId).toBe('string');
    expect(typeof body.token).toBe('string');
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('aforo_token='))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Secure/i);

    // The signup token works right away (read-your-writes), as cookie and as Bearer.
    const cookie = setCookie.split(';')[0];
    expect((await fetch(`${api}/validate`, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(`${api}/validate`, { headers: bearer(body.token) })).status).toBe(200);

    const mail = await smtp.waitForMail((m) => m.to.includes(email) && m.subject.includes('Verifica'));
    expect(mail.subject).toBe('Verifica tu correo electrónico en Aforo');
    expect(mail.text).toContain('Hola Ana Pérez:');
    const verifyToken = tokenFromMail(mail, '/auth/verify/');
    expect(mail.links[0].startsWith('https://aforo.example/auth/verify/')).toBe(true);

    const verified = await fetch(`${api}/verify/${verifyToken}`, { method: 'POST' });
    expect(verified.status).toBe(200);
    expect((await verified.json()).data).toMatchObject({ email, emailVerified: true });
    // The link is single-use: a second use (by either path) is refused without the account's data, like a
    // made-up link.
    for (const path of ['verify', 'confirm/account']) {
      const again = await fetch(`${api}/${path}/${verifyToken}`, { method: 'POST' });
      expect(again.status).toBe(400);
      const body = await again.json();
      expect(body).toMatchObject({ status: 400, code: 'INVALID_LINK', messagePublic: 'El enlace no es válido o ha caducado. Solicita uno nuevo.' });
      expect(JSON.stringify(body)).not.toContain(email);
    }
    const forged = await fetch(`${api}/verify/${'x'.repeat(43)}`, { method: 'POST' });
    expect(forged.status).toBe(400);
    expect((await forged.json()).messagePublic).toBe('El enlace no es válido o ha caducado. Solicita uno nuevo.');

    const signedIn = await fetch(`${api}/signin`, json({ email: email.toUpperCase(), password }));
    expect(signedIn.status).toBe(200);
    const session = await signedIn.json();
    expect(session.data).toMatchObject({ _id: body.user._id, email, emailVerified: true });

    const validate = await fetch(`${api}/validate`, { headers: bearer(session.token) });
    expect(validate.status).toBe(200);
    expect((await validate.json()).data._id).toBe(body.user._id);
    const userToken = await fetch(`${api}/userToken`, { headers: bearer(session.token) });
    expect(userToken.status).toBe(200);
    expect((await userToken.json()).data.email).toBe(email);
    expect((await fetch(`${api}/validateadmin`, { headers: bearer(session.token) })).status).toBe(403);

    const logout = await fetch(`${api}/logout`, { method: 'POST', headers: bearer(session.token) });
    expect(logout.status).toBe(200);
    expect(logout.headers.getSetCookie().join(';')).toMatch(/aforo_token=;/);
    const after = await fetch(`${api}/validate`, { headers: bearer(session.token) });
    expect(after.status).toBe(401);
    expect((await after.json()).message).toBe('NO TIENES AUTORIZACIÓN');
    // The other session (from sign-up) is still open.
    expect((await fetch(`${api}/validate`, { headers: bearer(body.token) })).status).toBe(200);
  });

  it('answers a wrong password or unknown e-mail with 401 Credenciales incorrectas', async () => {
    const u = await signUp(t.node.url);
    for (const attempt of [
      { email: u.email, password: 'no-es-la-clave' },
      { email: uniqueEmail('nadie'), password: 'no-es-la-clave' },
    ]) {
      const res = await fetch(`${api}/signin`, json(attempt));
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ status: 401, messagePublic: 'Credenciales incorrectas' });
    }
    expect((await signIn(t.node.url, u.email, u.password)).user._id).toBe(u.user._id);
  });

  it('refuses a second account for the same e-mail without saying why', async () => {
    const u = await signUp(t.node.url);
    const res = await fetch(`${api}/signup`, json({ displayName: 'Otra', email: ` ${u.email.toUpperCase()} `, password: 'otra-clave-larga' }));
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ status: 401, messagePublic: 'Ocurrio un error al registrar el usuario' });
  });

  it('answers bad bodies with the 400 catalogue body and Spanish field messages', async () => {
    const res = await fetch(`${api}/signup`, json({ displayName: '', email: 'no-es-correo', password: 'corta' }));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ status: 400, message: 'SOLICITUD NO PROCESADA', messagePublic: 'LOS DATOS ENVIADOS SON INCORRECTOS.' });
    const byPath = Object.fromEntries(body.errors.map((e: { path: string; message: string }) => [e.path, e.message]));
    expect(byPath).toMatchObject({
      displayName: 'El nombre es obligatorio.',
      email: 'Ingresa un correo electrónico válido.',
      password: 'La contraseña debe tener al menos 8 caracteres.',
    });
    const malformed = await fetch(`${api}/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).messagePublic).toBe('LOS DATOS ENVIADOS SON INCORRECTOS.');
  });

  it('lets a platform administrator through validateadmin', async () => {
    const u = await signUp(t.node.url);
    await makeAdministrator(t.ctx, u.user._id);
    const res = await fetch(`${api}/validateadmin`, { headers: { cookie: u.cookie } });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({ _id: u.user._id, administrator: true });
    expect((await fetch(`${api}/validateadmin`)).status).toBe(401);
  });
});
