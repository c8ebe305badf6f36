/**
 * How es.json ships (web/vite.config.ts, plugin `aforo:es-strings`): `core` with the entry, every other bundle
 * with the code that shows it (`loadStrings` / `withStrings` in ./index.ts). Entries are dotted key paths of
 * es.json, `!path` leaves a path out; the build fails if a top-level key of es.json is in no bundle.
 */
export const STRING_BUNDLES = {
  core: ['common', 'errors', 'shell', '!shell.legal', '!shell.home'],
  legal: ['shell.legal'],
  auth: ['auth'],
  /** The home page: its own texts and what it shows of the events module (published events list and cards). */
  home: ['shell.home', 'events.card', 'events.common', 'events.homeList'],
  events: ['events'],
  chat: ['chat'],
  notifications: ['notifications'],
  admin: ['admin'],
  sales: ['sales'],
  businessConference: ['businessConference'],
  contacts: ['contacts'],
  mails: ['mails'],
  exhibitor: ['exhibitor'],
  virtualFair: ['virtualFair'],
} as const satisfies Record<string, readonly string[]>;

export type StringBundle = keyof typeof STRING_BUNDLES;

type Tree = { [key: string]: unknown };

/** The part of `strings` a bundle's paths select (deep copies of the selected subtrees). */
export function pickStrings(strings: Tree, paths: readonly string[]): Tree {
  const out: Tree = {};
  for (const path of paths.filter((p) => !p.startsWith('!'))) {
    const keys = path.split('.');
    let src: unknown = strings;
    for (const k of keys) src = (src as Tree | undefined)?.[k];
    if (src === undefined) throw new Error(`es.json has no key ${path}`);
    let dst = out;
    for (const k of keys.slice(0, -1)) dst = (dst[k] ??= {}) as Tree;
    dst[keys[keys.length - 1]] = structuredClone(src);
  }
  for (const path of paths.filter((p) => p.startsWith('!'))) {
    const keys = path.slice(1).split('.');
    let dst: Tree | undefined = out;
    for (const k of keys.slice(0, -1)) dst = dst?.[k] as Tree | undefined;
    if (dst) delete dst[keys[keys.length - 1]];
  }
  return out;
}

/** Top-level keys of es.json that no bundle ships. */
export function uncoveredKeys(strings: Tree): string[] {
  const covered = new Set(Object.values(STRING_BUNDLES).flatMap((paths) => paths.filter((p) => !p.startsWith('!')).map((p) => p.split('.')[0])));
  return Object.keys(strings).filter((k) => !covered.has(k));
}
