import { randomBytes } from 'node:crypto';
import { beforeEach } from 'vitest';
import dayjs from 'dayjs';
import type { EventDto } from '../../src/contracts/events.js';
import type { SignedUpUser } from '../support/accounts.js';
import { seriousAxeViolations } from './support.js';

export type Api = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>;

/** Calls /api/v2 as a signed-up user (cookie), answering status and JSON body. */
export function apiAs(base: string, who: SignedUpUser): Api {
  return async (method, path, body) => {
    const res = await fetch(`${base}/api/v2${path}`, {
      method,
      headers: { cookie: who.cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
}

/** Creates an event through the API, a month from now, two hours long. */
export async function createEventApi(api: Api, fields: { eventName: string; eventCode: string; currency?: string }): Promise<EventDto> {
  const start = dayjs().add(30, 'day').startOf('hour');
  const r = await api('POST', '/event', {
    ...fields,
    venue: 'Centro de Convenciones de Lima',
    startDate: start.toISOString(),
    endDate: start.add(2, 'hour').toISOString(),
  });
  if (r.status !== 201) throw new Error(`create event: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data as EventDto;
}

/** Value for a datetime-local input: `days` from today at `hour`:00. */
export function eventFormDate(days: number, hour: number): string {
  return dayjs().add(days, 'day').hour(hour).minute(0).format('YYYY-MM-DDTHH:mm');
}

/**
 * axe-core on the page's main content and module area (the shell's app bar is the web-shell's to check):
 * serious and critical violations, as "rule: selector" strings.
 */
export async function seriousViolationsOutsideAppBar(page: import('playwright-core').Page): Promise<string[]> {
  const violations = await seriousAxeViolations(page, ['header.MuiAppBar-root']);
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Event codes for a test file: `ec('feria-2030')` is `feria-2030-<suffix>`, a new suffix for every attempt of every
 * test (vitest retries a failed test once; the retry signs up a new organizer, and a code is unique across all).
 */
export function eventCodes(): (base: string) => string {
  let suffix = randomBytes(2).toString('hex');
  beforeEach(() => {
    suffix = randomBytes(2).toString('hex');
  });
  return (base) => `${base}-${suffix}`;
}
