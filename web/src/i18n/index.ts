import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import core from 'virtual:es-strings/core';
import type { StringBundle } from './bundles';

// The product is Spanish only; every module keeps its strings under its own top-level key of es.json. The
// entry ships the shell's strings (bundle `core`); a module's strings load with its code (./bundles.ts).
void i18next.use(initReactI18next).init({
  lng: 'es',
  fallbackLng: 'es',
  resources: { es: { translation: core } },
  interpolation: { escapeValue: false },
  returnNull: false,
});

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

/** Adds the strings of these bundles to i18next (once each); resolves when they can be used. */
export function loadStrings(names: readonly Exclude<StringBundle, 'core'>[]): Promise<void> {
  return Promise.all(
    names.map((name) => {
      let p = loading.get(name);
      if (!p) {
        p = bundles[name]().then((m) => {
          i18next.addResourceBundle('es', 'translation', m.default, true, true);
        });
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

export const i18n = i18next;
export const t = i18next.t.bind(i18next);
