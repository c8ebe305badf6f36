import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(webRoot, '..');
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

// Libraries every page needs go to stable shared chunks (cached across deploys of app code); heavy libraries
// (@mui/x-data-grid, recharts) are not grouped, so they stay in the lazy chunks of the routes that use them.
const sharedGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/, priority: 30 },
  {
    name: 'mui',
    test: /node_modules[\\/](@mui[\\/](material|system|styled-engine|utils|private-theming|core-downloads-tracker|types)|@emotion|@babel[\\/]runtime|react-transition-group|@popperjs|clsx|prop-types|react-is|hoist-non-react-statics|stylis)[\\/]/,
    priority: 20,
  },
  { name: 'state', test: /node_modules[\\/](@reduxjs|redux|react-redux|immer|reselect|redux-thunk|use-sync-external-store|i18next|react-i18next|html-parse-stringify|void-elements|dayjs)[\\/]/, priority: 10 },
];

export default defineConfig({
  root: webRoot,
  publicDir: path.join(webRoot, 'public'),
  plugins: [react()],
  resolve: {
    alias: { '@contracts': path.join(repoRoot, 'src/contracts'), '@web': path.join(webRoot, 'src') },
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
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: sharedGroups },
      },
    },
  },
});
