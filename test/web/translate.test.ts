import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTranslator, type Tree } from '../../web/src/i18n/translate.js';

const es = JSON.parse(readFileSync(path.resolve('web/src/i18n/es.json'), 'utf8')) as Tree;

/** Every [dotted key, string] leaf of a tree. */
function leaves(tree: Tree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : v && typeof v === 'object' && !Array.isArray(v) ? leaves(v as Tree, `${prefix}${k}.`) : [],
  );
}

describe('web translator (the part of i18next the app uses)', () => {
  const fixture = () => {
    const tr = createTranslator();
    tr.addStrings({
      a: { hello: 'Hola {{name}}', deep: 'Evento {{event.name}}', items_one: '{{count}} elemento', items_other: '{{count}} elementos', none_zero: 'Ninguno', none_other: '{{count}} cosas', list: { x: 'X' } },
    });
    return tr;
  };

  it('looks up dotted keys and interpolates values, nested ones too', () => {
    const { t } = fixture();
    expect(t('a.hello', { name: 'Ana' })).toBe('Hola Ana');
    expect(t('a.deep', { event: { name: 'Feria' } })).toBe('Evento Feria');
    // Like i18next: a placeholder without a value stays, an explicitly undefined or null one becomes empty.
    expect(t('a.hello')).toBe('Hola {{name}}');
    expect(t('a.hello', { other: 1 })).toBe('Hola {{name}}');
    expect(t('a.hello', { name: undefined })).toBe('Hola ');
    expect(t('a.hello', { name: null })).toBe('Hola ');
  });

  it('picks Spanish plural forms, and _zero for a count of 0 when there is one', () => {
    const { t } = fixture();
    expect(t('a.items', { count: 1 })).toBe('1 elemento');
    expect(t('a.items', { count: 0 })).toBe('0 elementos');
    expect(t('a.items', { count: 3 })).toBe('3 elementos');
    expect(t('a.none', { count: 0 })).toBe('Ninguno');
    expect(t('a.none', { count: 2 })).toBe('2 cosas');
  });

  it('answers a missing key with the key, a subtree only with returnObjects, and merges later bundles', () => {
    const tr = fixture();
    expect(tr.t('a.missing')).toBe('a.missing');
    expect(tr.t('a.list', { returnObjects: true })).toEqual({ x: 'X' });
    expect(tr.t('a.list')).toContain('returned an object');
    expect(tr.exists('a.list')).toBe(true);
    expect(tr.exists('a.nope')).toBe(false);
    tr.addStrings({ a: { list: { y: 'Y' } } });
    expect(tr.t('a.list.x')).toBe('X');
    expect(tr.t('a.list.y')).toBe('Y');
  });

  it('resolves every string of es.json to itself, and every plural pair by count', () => {
    const tr = createTranslator();
    tr.addStrings(es);
    const all = leaves(es);
    expect(all.length).toBeGreaterThan(100);
    for (const [key, value] of all) expect(tr.t(key)).toBe(value);
    for (const [key, value] of all.filter(([k]) => k.endsWith('_one'))) {
      const base = key.slice(0, -'_one'.length);
      expect(tr.t(base, { count: 1 })).toBe(value.replaceAll('{{count}}', '1'));
    }
  });
});
