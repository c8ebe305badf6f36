import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
// With its extension (TypeScript maps .js to the .ts file): Vite warns at every start about extensionless imports,
// which its coming native config loader cannot resolve.
import { pickStrings, STRING_BUNDLES, uncoveredKeys, type StringBundle } from './src/i18n/bundles.js';
import { webRoutesManifest } from './web-routes-plugin.js';

const webRoot = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(webRoot, '..');
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

// Libraries every page needs go to stable shared chunks (cached across deploys of app code). MUI components of
// the pages are not grouped: rolldown splits them per route, so a page loads only the components it renders.
// Heavy libraries (@mui/x-data-grid, recharts, socket.io-client) stay in the lazy chunks of the routes that use them.
/** Modules of these top-level packages; copies nested in another package (recharts ships its own reselect) stay with it. */
const topLevel = (packages: RegExp) => (id: string) => id.split(/[\\/]node_modules[\\/]/).length === 2 && packages.test(id);

/**
 * Modules the entry (main.tsx) imports statically, directly or not; filled when the module graph is complete.
 * MUI's `*Classes` modules are not followed: they import their component's barrel only for its class names,
 * which would pull page-only components (InputBase...) into the first load.
 */
const entryModules = new Set<string>();
const collectEntryModules: Plugin = {
  name: 'aforo:entry-modules',
  buildEnd() {
    entryModules.clear();
    const stack = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
    while (stack.length) {
      const id = stack.pop()!;
      if (entryModules.has(id)) continue;
      entryModules.add(id);
      if (/Classes\.mjs$/.test(id)) continue;
      stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
    }
  },
};

const sharedGroups = [
  { name: 'react', test: topLevel(/node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/), priority: 30 },
  // Only the styling engine is needed by every page; @mui/system and @mui/utils pieces follow their components.
  { name: 'emotion', test: topLevel(/node_modules[\\/](@emotion|stylis|@mui[\\/]styled-engine|hoist-non-react-statics|react-is)[\\/]/), priority: 20 },
  {
    name: 'state',
    test: topLevel(
      /node_modules[\\/](@reduxjs|redux|react-redux|immer|reselect|redux-thunk|use-sync-external-store)[\\/]/,
    ),
    priority: 10,
  },
  // dayjs is not grouped: it loads with the first page that shows a date (web/src/app/dayjs.ts).
  // Everything else the entry imports statically (shell, theme, MUI components and helpers of the first paint):
  // one chunk instead of some twenty small ones that lazy pages also import (fewer requests, better compression).
  { name: 'shell', test: (id: string) => entryModules.has(id), priority: 5 },
];

// react-router's package exports resolve to its development build for bundlers; production builds use its
// production files (no dev warnings, ~10 KB gzip less on every page).
const reactRouterProd = [
  { find: /^react-router$/, replacement: path.join(repoRoot, 'node_modules/react-router/dist/production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(repoRoot, 'node_modules/react-router/dist/production/dom-export.mjs') },
];

/**
 * MUI's `createTheme` and `ThemeProvider` statically import the CSS-variables theme machinery (createThemeWithVars,
 * CssVarsProvider, color-scheme storage: about 8 KB gzip on every page) and pick it only for themes with
 * `cssVariables` or `colorSchemes`. Our theme uses neither (app/theme.ts), so production builds replace both
 * modules by their no-variables branch, which is what MUI runs for such themes. A theme that asks for CSS
 * variables or colour schemes fails loudly instead of losing them.
 */
const muiStylesDir = /[\\/]node_modules[\\/]@mui[\\/]material[\\/]styles[\\/]/;
const muiWithoutCssVars: Plugin = {
  name: 'aforo:mui-without-css-vars',
  enforce: 'pre',
  load(id) {
    if (!muiStylesDir.test(id)) return null;
    const file = path.basename(id);
    if (file === 'createTheme.mjs') {
      return `import createThemeNoVars from './createThemeNoVars.mjs';
export default function createTheme(options = {}, ...args) {
  if (options.cssVariables || 'colorSchemes' in options) throw new Error('Aforo: CSS-variable and colour-scheme themes are not bundled (web/vite.config.ts).');
  return createThemeNoVars(options, ...args);
}
`;
    }
    if (file === 'ThemeProvider.mjs') {
      return `import * as React from 'react';
import ThemeProviderNoVars from './ThemeProviderNoVars.mjs';
import THEME_ID from './identifier.mjs';
import { jsx as _jsx } from 'react/jsx-runtime';
export default function ThemeProvider({ theme, ...props }) {
  const noVarsTheme = React.useMemo(() => {
    if (typeof theme === 'function') return theme;
    const muiTheme = THEME_ID in theme ? theme[THEME_ID] : theme;
    if ('colorSchemes' in muiTheme) throw new Error('Aforo: colour-scheme themes are not bundled (web/vite.config.ts).');
    // As MUI does for a theme without CSS variables: no \`vars\` inherited from an outer theme.
    return 'vars' in muiTheme ? theme : { ...theme, vars: null };
  }, [theme]);
  return _jsx(ThemeProviderNoVars, { theme: noVarsTheme, ...props });
}
`;
    }
    return null;
  },
};

/** `virtual:es-strings/<bundle>`: the part of es.json a bundle of web/src/i18n/bundles.ts ships. */
const esJson = path.join(webRoot, 'src/i18n/es.json');
const ES_STRINGS = 'virtual:es-strings/';
const esStrings: Plugin = {
  name: 'aforo:es-strings',
  buildStart() {
    const missing = uncoveredKeys(JSON.parse(readFileSync(esJson, 'utf8')));
    if (missing.length) this.error(`es.json keys in no bundle of web/src/i18n/bundles.ts: ${missing.join(', ')}`);
  },
  resolveId(id) {
    return id.startsWith(ES_STRINGS) ? `\0${id}` : null;
  },
  load(id) {
    if (!id.startsWith(`\0${ES_STRINGS}`)) return null;
    const name = id.slice(ES_STRINGS.length + 1) as StringBundle;
    if (!(name in STRING_BUNDLES)) this.error(`unknown string bundle ${name}`);
    this.addWatchFile(esJson);
    const strings = pickStrings(JSON.parse(readFileSync(esJson, 'utf8')), STRING_BUNDLES[name]);
    return `export default ${JSON.stringify(strings)};`;
  },
};

export default defineConfig(({ command }) => ({
  root: webRoot,
  publicDir: path.join(webRoot, 'public'),
  plugins: [react(), esStrings, ...(command === 'build' ? [muiWithoutCssVars, collectEntryModules, webRoutesManifest(fileURLToPath(import.meta.url))] : [])],
  resolve: {
    alias: [
      { find: '@contracts', replacement: path.join(repoRoot, 'src/contracts') },
      { find: '@web', replacement: path.join(webRoot, 'src') },
      ...(command === 'build' ? reactRouterProd : []),
    ],
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: path.join(webRoot, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    // WEB_SOURCEMAP=1 for bundle analysis.
    sourcemap: !!process.env.WEB_SOURCEMAP,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: sharedGroups },
      },
    },
  },
}));
