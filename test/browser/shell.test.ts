import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestSmtp } from '../support/smtp.js';
import { signUp, uniqueEmail } from '../support/accounts.js';
import { atNode, newPage, eventually, useBrowserApp } from './support.js';

let browser: Browser;
let smtp: TestSmtp;
let base: string;
const app = useBrowserApp({ smtp: true });
beforeAll(() => void ({ browser, smtp, url: base } = app));

describe('web shell and account pages (chromium)', { timeout: 60_000 }, () => {
  it('register, verify by e-mail, logout, guard round trip, logout', async () => {
    const { context, page } = await newPage(browser, base);
    const email = uniqueEmail('web');
    const password = 'Clave-segura-123';

    await page.goto('/auth/register');
    await page.getByLabel('Nombre completo').fill('Ana María Pérez');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.locator('#field-password').fill(password);
    await page.getByLabel('Confirmar contraseña').fill(password);
    await page.getByRole('button', { name: 'Registrarme' }).click();
    await page.waitForURL('**/auth/verify');

    const mail = await smtp.waitForMail((m) => m.to.includes(email), 15_000);
    const link = mail.links.find((l) => new URL(l).pathname.startsWith('/auth/verify/'));
    expect(link, mail.text).toBeTruthy();
    // A mangled link (its token not even well formed) says the link is invalid, not a generic 'bad data'.
    await page.goto('/auth/verify/bogus-token-123');
    await eventually(() => page.getByTestId('token-result').textContent()).toBe('El enlace de verificación no es válido o ha expirado.');
    await page.goto(atNode(link!, base));
    await eventually(() => page.getByTestId('token-result').textContent()).toContain('verificada');

    // Signed in right after registering: the account menu shows the initials; logout goes to sign-in after 500 ms.
    await page.getByTestId('account-menu-button').click();
    const started = Date.now();
    await page.getByTestId('logout').click();
    await page.waitForURL('**/auth/sign-in');
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    await page.getByRole('banner').getByRole('link', { name: 'Iniciar Sesión' }).waitFor();

    // Guard: a protected page while signed out goes to sign-in carrying the path, then comes back.
    await page.goto('/settings/profile');
    await page.waitForURL('**/auth/sign-in/&settings&profile');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.locator('#field-password').fill(password);
    await page.getByTestId('sign-in-submit').click();
    await page.waitForURL('**/settings/profile');
    await page.getByRole('heading', { level: 1, name: 'Ajustes de la cuenta' }).waitFor();
    expect(await page.getByLabel('Nombre completo').inputValue()).toBe('Ana María Pérez');
    await eventually(() => page.getByTestId('account-menu-button').textContent()).toBe('AMP');

    await page.getByTestId('account-menu-button').click();
    await page.getByTestId('logout').click();
    await page.waitForURL('**/auth/sign-in');
    await page.getByRole('heading', { level: 1, name: 'Iniciar Sesión' }).waitFor();
    await context.close();
  });

  it('shows zod messages beside the fields and the server message for a wrong password', async () => {
    const user = await signUp(base, { password: 'Clave-correcta-1' });
    const { context, page } = await newPage(browser, base);
    await page.goto('/auth/sign-in');
    await page.getByTestId('sign-in-submit').click();
    await eventually(() => page.locator('#field-email-helper-text').textContent()).toBe('El correo electrónico es obligatorio.');
    expect(await page.locator('#field-password-helper-text').textContent()).toBe('La contraseña es obligatoria.');

    await page.getByLabel('Correo electrónico').fill(user.email);
    await page.locator('#field-password').fill('Clave-incorrecta-1');
    await page.getByTestId('sign-in-submit').click();
    await eventually(() => page.getByTestId('snackbar').textContent()).toContain('Credenciales incorrectas');
    expect(page.url()).toContain('/auth/sign-in');
    await context.close();
  });

  it('search box: Enter submits non-empty text to /searchEvent and clears it 2 s later', async () => {
    const { context, page } = await newPage(browser, base);
    await page.goto('/');
    const box = page.getByRole('searchbox', { name: 'Buscar evento' });
    await box.press('Enter');
    expect(new URL(page.url()).pathname).toBe('/');
    await box.fill('feria del libro');
    const submitted = Date.now();
    await box.press('Enter');
    await page.waitForURL('**/searchEvent/feria%20del%20libro');
    expect(await box.inputValue()).toBe('feria del libro');
    await expect.poll(() => box.inputValue(), { timeout: 6000, interval: 100 }).toBe('');
    const elapsed = Date.now() - submitted;
    expect(elapsed).toBeGreaterThanOrEqual(1900);
    expect(elapsed).toBeLessThan(5000); // generous: two shared cores under load
    await context.close();
  });
});
