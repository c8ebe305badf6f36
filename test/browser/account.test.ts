import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeAdministrator, signUp } from '../support/accounts.js';
import type { TestSmtp } from '../support/smtp.js';
import { atNode, eventually, hasHorizontalScroll, newPage, useBrowserApp } from './support.js';

// The account pages against the real API: profile, password change, password reset and account deletion
// through the links of the e-mails the API sends.
let browser: Browser;
let smtp: TestSmtp;
let base: string;
const app = useBrowserApp({ smtp: true });
beforeAll(() => void ({ browser, smtp, url: base } = app));

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/auth/sign-in');
  await page.locator('#field-email').fill(email);
  await page.locator('#field-password').fill(password);
  await page.getByTestId('sign-in-submit').click();
  await page.waitForURL(`${base}/`);
}

async function mailLink(email: string, subject: RegExp, pathPrefix: string): Promise<string> {
  const mail = await smtp.waitForMail((m) => m.to.includes(email) && subject.test(m.subject), 15_000);
  const link = mail.links.find((l) => new URL(l).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`no ${pathPrefix} link in ${mail.text}`);
  return atNode(link, base);
}

const snackbar = (page: Page) => page.getByTestId('snackbar').textContent();

describe('account pages (chromium)', { timeout: 60_000 }, () => {
  it('profile: changes the name and the password, with the server messages', async () => {
    const user = await signUp(base, { displayName: 'Carlos Ruiz', password: 'Clave-inicial-1' });
    const { context, page } = await newPage(browser, base);
    await signInThroughForm(page, user.email, user.password);
    await page.goto('/settings/profile');
    await page.locator('#field-displayName').fill('');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await eventually(() => page.locator('#field-displayName-helper-text').textContent()).toBe('El nombre es obligatorio.');
    await page.locator('#field-displayName').fill('Carlos Ruiz Díaz');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await eventually(() => snackbar(page)).toContain('Tus datos fueron actualizados.');
    await eventually(() => page.getByTestId('account-menu-button').textContent()).toBe('CRD');

    const passwordForm = page.getByRole('form', { name: 'Cambiar contraseña' });
    await passwordForm.locator('#field-password').fill('Clave-equivocada-1');
    await passwordForm.locator('#field-newPassword').fill('Clave-nueva-123');
    await passwordForm.locator('#field-confirmPassword').fill('Clave-distinta-123');
    await passwordForm.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await eventually(() => passwordForm.locator('#field-confirmPassword-helper-text').textContent()).toBe('Las contraseñas no coinciden.');
    await passwordForm.locator('#field-confirmPassword').fill('Clave-nueva-123');
    await passwordForm.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await eventually(() => snackbar(page)).toContain('Ocurrio un error al actualizar la contraseña');

    await passwordForm.locator('#field-password').fill('Clave-inicial-1');
    await passwordForm.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await eventually(() => snackbar(page)).toContain('Tu contraseña fue cambiada.');
    await context.close();

    const fresh = await newPage(browser, base);
    await signInThroughForm(fresh.page, user.email, 'Clave-nueva-123');
    await fresh.context.close();
  });

  it('unverified e-mail: the banner under the top bar resends the mail, says how it went, hides for the session', async () => {
    const user = await signUp(base, { displayName: 'Nora Nueva', password: 'Clave-nueva-1' });
    const { context, page } = await newPage(browser, base, 375, 740);
    await signInThroughForm(page, user.email, user.password);
    const banner = page.getByTestId('verify-banner');
    const text = () => page.getByTestId('verify-banner-text').textContent();
    await banner.waitFor();
    expect(await text()).toBe(`Tu correo ${user.email} aún no está verificado. Abre el enlace que te enviamos para confirmarlo.`);
    // Right under the top bar, on every page, and it fits a phone.
    const bar = (await page.getByRole('banner').boundingBox())!;
    expect(Math.abs((await banner.boundingBox())!.y - (bar.y + bar.height))).toBeLessThan(1);
    expect(await hasHorizontalScroll(page)).toBe(false);

    const signupMails = smtp.mailsTo(user.email).length;
    await page.getByRole('button', { name: 'Reenviar correo' }).click();
    await eventually(text).toBe(`Te enviamos un nuevo correo de verificación a ${user.email}.`);
    await eventually(() => smtp.mailsTo(user.email).length).toBe(signupMails + 1);
    const link = smtp.mailsTo(user.email).at(-1)!.links.find((l) => new URL(l).pathname.startsWith('/auth/verify/'));
    expect(link).toBeDefined();

    // The server refuses a sixth mail within the hour: its message shows in the banner.
    const resend = async () => {
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v2/verify/resend');
      await page.getByRole('button', { name: 'Reenviar correo' }).click();
      return (await answered).status();
    };
    for (let i = 0; i < 4; i++) expect(await resend()).toBe(200);
    expect(await resend()).toBe(429);
    await eventually(text).toMatch(/^Has realizado demasiados intentos\./);

    // Dismissed: gone on every page for this session; a new session shows it again.
    await page.getByRole('button', { name: 'Ocultar aviso' }).click();
    expect(await banner.count()).toBe(0);
    await page.goto('/settings/profile');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await banner.count()).toBe(0);
    await context.close();

    const again = await newPage(browser, base);
    await signInThroughForm(again.page, user.email, user.password);
    await again.page.getByTestId('verify-banner').waitFor();
    // Once the e-mail is proven, no banner.
    await again.page.goto(atNode(link!, base));
    await again.page.getByText('¡Tu cuenta fue verificada!').waitFor();
    await again.page.goto('/settings/profile');
    await again.page.getByRole('heading', { level: 1 }).waitFor();
    expect(await again.page.getByTestId('verify-banner').count()).toBe(0);
    await again.context.close();
  });

  it('profile: changes the e-mail through the link sent to the new address; sign-in follows only after confirming', async () => {
    const user = await signUp(base, { displayName: 'Elena Muda', password: 'Clave-correo-1' });
    const newEmail = `elena.nueva.${Date.now()}@example.test`;
    const { context, page } = await newPage(browser, base, 375, 740);
    await signInThroughForm(page, user.email, user.password);
    await page.goto('/settings/profile');
    const form = page.getByRole('form', { name: 'Correo electrónico' });
    expect(await form.textContent()).toContain(`Tu correo actual es ${user.email}.`);
    await form.locator('#field-email').fill('no-es-correo');
    await form.getByRole('button', { name: 'Cambiar correo' }).click();
    await eventually(() => form.locator('#field-email-helper-text').textContent()).toBe('Ingresa un correo electrónico válido.');
    await form.locator('#field-email').fill(user.email);
    await form.getByRole('button', { name: 'Cambiar correo' }).click();
    await eventually(() => page.getByTestId('email-change-result').textContent()).toBe('Ese ya es el correo electrónico de tu cuenta.');
    await form.locator('#field-email').fill(newEmail);
    await form.getByRole('button', { name: 'Cambiar correo' }).click();
    await eventually(() => page.getByTestId('email-change-result').textContent()).toContain(`Te enviamos un enlace a ${newEmail}.`);
    expect(await hasHorizontalScroll(page)).toBe(false);
    const link = await mailLink(newEmail, /nuevo correo/i, '/confirm/mail/');

    // Not yet: the new address does not sign in.
    const early = await newPage(browser, base);
    await early.page.goto('/auth/sign-in');
    await early.page.locator('#field-email').fill(newEmail);
    await early.page.locator('#field-password').fill(user.password);
    await early.page.getByTestId('sign-in-submit').click();
    await eventually(() => snackbar(early.page)).toContain('Credenciales incorrectas');
    await early.context.close();

    await page.goto(link);
    await eventually(() => page.getByTestId('token-result').textContent()).toBe('¡Listo! Tu correo fue cambiado. Desde ahora inicias sesión con la nueva dirección.');
    await page.goto('/settings/profile');
    await eventually(() => page.getByRole('form', { name: 'Correo electrónico' }).textContent()).toContain(`Tu correo actual es ${newEmail}.`);
    // The same link again is refused in Spanish.
    await page.goto(link);
    await eventually(() => page.getByTestId('token-result').textContent()).toBe('El enlace no es válido o ha caducado. Solicita uno nuevo.');
    await context.close();

    const fresh = await newPage(browser, base);
    await signInThroughForm(fresh.page, newEmail, user.password);
    await fresh.context.close();
  });

  it('profile: a picture replaces the initials (#ee6932) in the profile and the account menu, until removed', async () => {
    const user = await signUp(base, { displayName: 'Flor de María Paz', password: 'Clave-foto-1' });
    const { context, page } = await newPage(browser, base);
    await signInThroughForm(page, user.email, user.password);
    await page.goto('/settings/profile');
    const menuAvatar = page.getByTestId('account-menu-button').getByTestId('avatar');
    // No picture: at most three initials on the theme's orange.
    await eventually(() => menuAvatar.textContent()).toBe('FDM');
    expect(await menuAvatar.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(238, 105, 50)');

    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    await page.getByTestId('avatar-input').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: png });
    await eventually(() => snackbar(page)).toContain('Tu foto de perfil fue actualizada.');
    await eventually(() => menuAvatar.locator('img').getAttribute('src')).toMatch(/^\/api\/v2\/files\/accounts\/[^/]+\/avatar-[0-9a-f-]+\.png$/);
    expect(await page.locator('main').getByTestId('avatar').locator('img').count()).toBe(1);
    // The image really loads (served by the API, allowed by the page's CSP).
    await eventually(() => menuAvatar.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);

    // A file that is not an image is refused with the server's text.
    await page.getByTestId('avatar-input').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from('no soy una imagen') });
    await eventually(() => snackbar(page)).toContain('La foto de perfil debe ser JPEG, PNG o WebP.');

    await page.getByRole('button', { name: 'Quitar foto' }).click();
    await eventually(() => snackbar(page)).toContain('Quitaste tu foto de perfil.');
    await eventually(() => menuAvatar.textContent()).toBe('FDM');
    expect(await menuAvatar.locator('img').count()).toBe(0);
    await context.close();
  });

  it('password reset through the e-mailed link', async () => {
    const user = await signUp(base, { password: 'Clave-olvidada-1' });
    const { context, page } = await newPage(browser, base);
    await page.goto('/auth/password-reset');
    await page.locator('#field-email').fill(user.email);
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await page.getByText('recibirás un enlace para restablecer tu contraseña').waitFor();

    await page.goto(await mailLink(user.email, /contraseña/i, '/auth/password-reset/'));
    await page.locator('#field-password').fill('Clave-recuperada-1');
    await page.locator('#field-confirmPassword').fill('Clave-recuperada-1');
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await page.getByText('Tu contraseña fue cambiada').waitFor();
    await context.close();

    const fresh = await newPage(browser, base);
    await signInThroughForm(fresh.page, user.email, 'Clave-recuperada-1');
    await fresh.context.close();
  });

  it('account deletion: request, e-mailed link, confirmation; the account can no longer sign in', async () => {
    const user = await signUp(base, { password: 'Clave-borrar-1' });
    const { context, page } = await newPage(browser, base);
    await signInThroughForm(page, user.email, user.password);
    await page.goto('/settings/profile');
    await page.getByRole('link', { name: 'Eliminar mi cuenta' }).click();
    await page.waitForURL('**/appControl/requestAccountDelete');
    await page.getByRole('button', { name: 'Solicitar eliminación' }).click();
    await page.getByText('Te enviamos un correo para confirmar la eliminación de tu cuenta.').waitFor();

    await page.goto(await mailLink(user.email, /eliminación/i, '/appControl/deleteAccount/'));
    await page.getByRole('button', { name: 'Eliminar mi cuenta definitivamente' }).click();
    await page.getByText('Tu cuenta fue eliminada.').waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Iniciar Sesión' }).waitFor();

    await page.goto('/auth/sign-in');
    await page.locator('#field-email').fill(user.email);
    await page.locator('#field-password').fill(user.password);
    await page.getByTestId('sign-in-submit').click();
    await eventually(() => snackbar(page)).toContain('Credenciales incorrectas');
    await context.close();
  });

  it('admin guard: 403 page for a user, the Administrador link and /admin for a platform administrator', async () => {
    const user = await signUp(base, { password: 'Clave-usuario-1' });
    const { context, page } = await newPage(browser, base);
    await signInThroughForm(page, user.email, user.password);
    await page.getByTestId('account-menu-button').click();
    await page.getByRole('menuitem', { name: 'Ajustes de la cuenta' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Administrador' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.goto('/admin');
    await eventually(() => page.getByTestId('error-title').textContent()).toBe('ACCESO DENEGADO');
    await context.close();

    const admin = await signUp(base, { password: 'Clave-admin-123' });
    await makeAdministrator(app.ctx, admin.user._id);
    // The grant reaches the accounts read model through its projection: wait until the API sees it.
    await eventually(async () => {
      const res = await fetch(`${base}/api/v2/validate`, { headers: bearer(admin.token) });
      return ((await res.json()) as { data?: { administrator?: boolean } }).data?.administrator;
    }).toBe(true);
    const second = await newPage(browser, base);
    await signInThroughForm(second.page, admin.email, admin.password);
    await second.page.getByTestId('account-menu-button').click();
    await second.page.getByRole('menuitem', { name: 'Administrador' }).click();
    await second.page.waitForURL('**/admin');
    await second.page.waitForLoadState('networkidle');
    expect(await second.page.getByTestId('error-title').count()).toBe(0);
    await second.context.close();
  });
});
