import { describe, expect, it } from 'vitest';
import { matchPage } from '../../web/src/modules/events/pages/pageMatch.js';

describe('module-area page matching (ModulePage)', () => {
  const pages = { '/offer/schedules': 'list', '/offer/schedules/:id': 'detail', '/demand/schedules/:id': 'demandDetail' };

  it('an exact suffix wins and has no params', () => {
    expect(matchPage(pages, '/offer/schedules')).toEqual({ value: 'list', params: {} });
  });

  it('a parameterized key takes one decoded segment', () => {
    expect(matchPage(pages, '/offer/schedules/abc-1')).toEqual({ value: 'detail', params: { id: 'abc-1' } });
    expect(matchPage(pages, '/demand/schedules/a%20b')).toEqual({ value: 'demandDetail', params: { id: 'a b' } });
  });

  it('no match: a deeper or emptier page, another prefix, a malformed escape, no map', () => {
    expect(matchPage(pages, '/offer/schedules/abc/more')).toBeNull();
    expect(matchPage(pages, '/offer/schedules/')).toBeNull();
    expect(matchPage(pages, '/offer/other/abc')).toBeNull();
    expect(matchPage(pages, '/offer/schedules/%E0%A4%A')).toBeNull();
    expect(matchPage(undefined, '/offer/schedules')).toBeNull();
  });
});
