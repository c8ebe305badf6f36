import core from 'virtual:es-strings/core';
import type { StringBundle } from './bundles';
import { createTranslator } from './translate';

/**
 * The product is Spanish only; every module keeps its strings under its own top-level key of es.json. The
 * entry ships the shell's strings (bundle `core`); a module's strings load with its code (./bundles.ts).
 * Translation: ./translate.ts.
 */
const translator = createTranslator();

export const t = translator.t;

export const i18n = { language: 'es', t, exists: translator.exists, addStrings: translator.addStrings };

translator.addStrings(core);

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
  sales: () => import('virtual:es-strings/sales'),
  businessConference: () => import('virtual:es-strings/businessConference'),
  contacts: () => import('virtual:es-strings/contacts'),
  mails: () => import('virtual:es-strings/mails'),
  exhibitor: () => import('virtual:es-strings/exhibitor'),
  virtualFair: () => import('virtual:es-strings/virtualFair'),
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
