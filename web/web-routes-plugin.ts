import { createServer, type Plugin } from 'vite';

/**
 * Emits `web-routes.json` into the build: the path patterns of every page route (web/src/app/page-routes.ts),
 * so the server answers 404 for a path no page matches (src/http/web-routes.ts) without a second list to keep
 * in step. The route tree is loaded in Node through a throw-away Vite server with the same config (its plugins,
 * aliases and virtual string bundles); only route objects are evaluated, never a page.
 */
export function webRoutesManifest(configFile: string): Plugin {
  return {
    name: 'aforo:web-routes',
    apply: 'build',
    async generateBundle() {
      const server = await createServer({
        configFile,
        logLevel: 'warn',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const mod = (await server.ssrLoadModule('/src/app/page-routes.ts')) as typeof import('./src/app/page-routes.js');
        const patterns = [...new Set(mod.routePatterns(mod.pageRoutes))].sort();
        this.emitFile({ type: 'asset', fileName: 'web-routes.json', source: `${JSON.stringify({ patterns }, null, 1)}\n` });
      } finally {
        await server.close();
      }
    },
  };
}
