#!/usr/bin/env node
// A git merge driver for JSON string catalogues (web/src/i18n/es.json): a three-way merge by key, so two branches
// that each add strings under their own keys merge without a textual conflict. Keys keep our order; keys only the
// other side added follow. A leaf both sides changed differently is a real conflict: exit 1 and list it.
// Set up once per clone: git config merge.json3.driver "node scripts/merge-json.mjs %O %A %B"
import { readFileSync, writeFileSync } from 'node:fs';

const [basePath, oursPath, theirsPath] = process.argv.slice(2);
const read = (p) => {
  try {
    return JSON.parse(readFileSync(p, 'utf8') || '{}');
  } catch {
    return undefined;
  }
};
const base = read(basePath) ?? {};
const ours = read(oursPath);
const theirs = read(theirsPath);
if (ours === undefined || theirs === undefined) process.exit(1);

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const conflicts = [];

function merge(b, o, t, path) {
  if (same(o, t)) return o;
  if (same(b, o)) return t;
  if (same(b, t)) return o;
  if (isObject(o) && isObject(t)) {
    const bo = isObject(b) ? b : {};
    const out = {};
    for (const k of [...Object.keys(o), ...Object.keys(t).filter((k) => !(k in o))]) {
      const v = merge(bo[k], o[k], t[k], [...path, k]);
      if (v !== undefined) out[k] = v;
    }
    return out;
  }
  conflicts.push(path.join('.'));
  return o;
}

const merged = merge(base, ours, theirs, []);
if (conflicts.length) {
  process.stderr.write(`merge-json: both sides changed ${conflicts.join(', ')}\n`);
  process.exit(1);
}
writeFileSync(oursPath, JSON.stringify(merged, null, 2) + '\n');
