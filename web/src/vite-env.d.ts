/// <reference types="vite/client" />

/** A bundle of web/src/i18n/es.json (web/src/i18n/bundles.ts), made by the `aforo:es-strings` Vite plugin. */
declare module 'virtual:es-strings/*' {
  const strings: Record<string, unknown>;
  export default strings;
}
