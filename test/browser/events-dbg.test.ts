import { it } from 'vitest';
import { signUp } from '../support/accounts.js';
import { startTestNode } from '../support/context.js';
import { launchBrowser, newPage } from './support.js';

it('debug', async () => {
  const app = await startTestNode();
  const browser = await launchBrowser();
  const base = app.node.url;
  const u = await signUp(base, { displayName: 'Debug User' });
  const r = await fetch(`${base}/api/v2/modules/${u.user._id}?fecthEvents=true`, { headers: { cookie: u.cookie } });
  console.log('modules', r.status, await r.text());
  const r2 = await fetch(`${base}/api/v2/validate`, { headers: { cookie: u.cookie } });
  console.log('validate', r2.status, await r2.text());
  const { context, page } = await newPage(browser, base);
  page.on('console', (m) => console.log('console', m.type(), m.text()));
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  page.on('response', (res) => { if (res.url().includes('/api/')) console.log('resp', res.status(), res.url()); });
  const [name, value] = u.cookie.split('=');
  await context.addCookies([{ name: name!, value: value!, url: base, httpOnly: true, sameSite: 'Lax' }]);
  await page.goto('/module');
  await page.waitForTimeout(3000);
  await page.screenshot({ path: '/tmp/evwork/dbg.png', fullPage: true });
  console.log((await page.textContent('body'))?.slice(0, 1000));
  await browser.close();
  await app.stop();
}, 60000);
