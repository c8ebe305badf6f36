/**
 * Translation is the part of i18next the app uses, in a few lines instead of i18next + react-i18next (about
 * 17 KB gzip on every page): dotted keys, `{{name}}` interpolation (values not escaped: React escapes them),
 * plurals with the `_one` / `_other` suffixes of Intl.PluralRules (and `_zero` for a count of 0), and
 * `returnObjects`. As with i18next, a missing key returns the key and a `{{name}}` without a value stays as written.
 * Pure (no Vite virtual module), so test/web/translate.test.ts runs it over es.json.
 */
export type Tree = { [key: string]: unknown };
export type Options = { count?: number; returnObjects?: boolean; [name: string]: unknown };

export interface TFunction {
  (key: string, options?: Options & { returnObjects?: false }): string;
  (key: string, options: Options & { returnObjects: true }): unknown;
}

const plurals = new Intl.PluralRules('es');

function merge(target: Tree, source: Tree) {
  for (const [k, v] of Object.entries(source)) {
    if (v && typeof v === 'object' && !Array.isArray(v) && target[k] && typeof target[k] === 'object' && !Array.isArray(target[k])) {
      merge(target[k] as Tree, v as Tree);
    } else target[k] = v;
  }
}

function interpolate(text: string, options: Options): string {
  return text.replace(/\{\{(.+?)\}\}/g, (token, name: string) => {
    const path = name.trim();
    let value: unknown = options;
    for (const k of path.split('.')) value = value == null ? undefined : (value as Tree)[k];
    if (value === undefined) return Object.prototype.hasOwnProperty.call(options, path) ? '' : token;
    return value === null ? '' : String(value);
  });
}

export function createTranslator() {
  const strings: Tree = {};

  function lookup(key: string): unknown {
    let node: unknown = strings;
    for (const k of key.split('.')) {
      if (!node || typeof node !== 'object') return undefined;
      node = (node as Tree)[k];
    }
    return node ?? undefined;
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

  return {
    t: translate as TFunction,
    /** Whether a key has a value (a string or a subtree). */
    exists: (key: string) => lookup(key) !== undefined,
    /** Adds strings (deep merge, overwriting), as i18next's addResourceBundle(lng, ns, strings, true, true). */
    addStrings: (more: Tree) => merge(strings, more),
  };
}
