import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { SignedUpUser } from '../support/accounts.js';
import { newPage } from './support.js';

/**
 * A fresh page (own context) signed in as `who`: the session cookie of the sign-up is set on the app's origin.
 * `app` is the file's browser app (useBrowserApp, or the door's fixture with its fake camera).
 */
export async function signedIn(app: { browser: Browser; url: string }, who: SignedUpUser, width = 1280, height = 900): Promise<{ context: BrowserContext; page: Page }> {
  // CSP bypass only so axe-core can be injected.
  const { context, page } = await newPage(app.browser, app.url, width, height, { bypassCSP: true });
  const [name, value] = who.cookie.split('=');
  await context.addCookies([{ name: name!, value: value!, url: app.url, httpOnly: true, sameSite: 'Lax' }]);
  return { context, page };
}
