import core from 'virtual:es-strings/core';
import type { StringBundle } from './bundles';

/**
 * The product is Spanish only; every module keeps its strings under its own top-level key of es.json. The
 * entry ships the shell's strings (bundle `core`); a module's strings load with its code (./bundles.ts).
 *
 * Translation is the part of i18next the app uses, in a few lines instead of i18next + react-i18next (about
 * 17 KB gzip on every page): dotted keys, `{{name}}` interpolation (values not escaped: React escapes them),
 * plurals with the `_one` / `_other` suffixes of Intl.PluralRules (and `_zero` for a count of 0), and
 * `returnObjects`. As with i18next, a missing key returns the key and a placeholder without a value stays.
 */
type Tree = { [key: string]: unknown };
type Options = { count?: number; returnObjects?: boolean; [name: string]: unknown };

const strings: Tree = {};
const plurals = new Intl.PluralRules('es');

function merge(target: Tree, source: Tree) {
  for (const [k, v] of Object.entries(source)) {
    if (v && typeof v === 'object' && !Array.isArray(v) && target[k] && typeof target[k] === 'object' && !Array.isArray(target[k])) {
      merge(target[k] as Tree, v as Tree);
    } else target[k] = v;
  }
}

function lookup(key: string): unknown {
  let node: unknown = strings;
  for (const k of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Tree)[k];
  }
  return node ?? undefined;
}

function interpolate(text: string, options: Options): string {
  return text.replace(/\{\{(.+?)\}\}/g, (placeholder, name: string) => {
    const path = name.trim();
    let value: unknown = options;
    for (const k of path.split('.')) value = value == null ? undefined : (value as Tree)[k];
    if (value === undefined) return Object.prototype.hasOwnProperty.call(options, path) ? '' : placeholder;
    return value === null ? '' : String(value);
  });
}

function translate(key: string, options?: Options): unknown {
  let value: unknown;
  if (typeof options?.count === 'number') {
    if (options.count === 0) value = lookup(`${key}_zero`);
    value ??= lookup(`${key}_${plurals.select(options.count)}`);
  }
  value ??= lookup(key);
  if (value === undefined) return key;
  if (typeof value === 'string') return options ? interpolate(value, options) : value;
  if (options?.returnObjects) return value;
  return `key '${key} (es)' returned an object instead of string.`;
}

interface TFunction {
  (key: string, options?: Options & { returnObjects?: false }): string;
  (key: string, options: Options & { returnObjects: true }): unknown;
}

export const t = translate as TFunction;

export const i18n = {
  language: 'es',
  t,
  /** Whether a key has a value (a string or a subtree). */
  exists: (key: string) => lookup(key) !== undefined,
  /** Adds strings (deep merge, overwriting), as i18next's addResourceBundle(lng, ns, strings, true, true). */
  addStrings: (more: Tree) => merge(strings, more),
};

merge(strings, core);

const translation = { t, i18n };

/** react-i18next's hook, for this app: the strings never change while shown (one language, bundles added before use). */
export function useTranslation() {
  return translation;
}

type Strings = { default: Record<string, unknown> };
const bundles: Record<Exclude<StringBundle, 'core'>, () => Promise<Strings>> = {
  legal: () => import('virtual:es-strings/legal'),
  auth: () => import('virtual:es-strings/auth'),
  home: () => import('virtual:es-strings/home'),
  events: () => import('virtual:es-strings/events'),
  chat: () => import('virtual:es-strings/chat'),
  notifications: () => import('virtual:es-strings/notifications'),
  admin: () => import('virtual:es-strings/admin'),
};
const loading = new Map<StringBundle, Promise<void>>();

/** Adds the strings of these bundles (once each); resolves when they can be used. */
export function loadStrings(names: readonly Exclude<StringBundle, 'core'>[]): Promise<void> {
  return Promise.all(
    names.map((name) => {
      let p = loading.get(name);
      if (!p) {
        p = bundles[name]().then((m) => i18n.addStrings(m.default));
        // A failed chunk load may be retried by the next navigation.
        p.catch(() => loading.delete(name));
        loading.set(name, p);
      }
      return p;
    }),
  ).then(() => undefined);
}

/** Wraps a lazy loader (route `lazy`, React.lazy) so the module resolves only once its strings are there. */
export function withStrings<T>(names: readonly Exclude<StringBundle, 'core'>[], load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadStrings(names)]).then(([m]) => m);
}
