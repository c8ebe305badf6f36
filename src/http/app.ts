import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import client from 'prom-client';
import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import { redactTokenPaths } from '../infra/logger.js';
import { merchantCheckoutOrigins } from '../payments/merchant.js';
import type { ProjectionStatus } from '../projections/runner.js';
import { authenticate } from './auth.js';
import { errorBody, errorHandler } from './errors.js';
import { jsonBody } from './json-body.js';
import { rejectUnstorableText } from './text-guard.js';
import { eventPageHtml } from './web-page.js';
import { webRouteStatus } from './web-routes.js';
import { shortLinkHandler } from './contacts/short-link.js';
import { openApiDocument } from './openapi.js';
import { registerRoutes } from './routes.js';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface HttpAppOptions {
  /** In-process projection status for /health (projections may also run in another process). */
  projectionStatus?: () => ProjectionStatus[];
  serveWeb?: boolean;
}

/** CSP sources of the local DYMO Connect web service (its port is one of 41951-41960). */
const PRINT_SOURCES = ['https://127.0.0.1:*', 'https://localhost:*'];

export function createHttpApp(ctx: AppContext, options: HttpAppOptions = {}): Express {
  const app = express();
  app.disable('x-powered-by');
  if (ctx.config.trustProxy) app.set('trust proxy', ctx.config.trustProxy);

  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const httpDuration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });

  app.use(
    pinoHttp({
      logger: ctx.logger,
      genReqId: (req, res) => {
        const id = (req.headers['x-request-id'] as string) || randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/metrics' || req.url === '/api/v2/health' },
      // A request's line is its id, method, path, status and time (responseTime): headers made most of the log's
      // volume and carry the session. One-time tokens of e-mailed links travel in the path: never log them (the
      // process logger redacts every line too; this covers a logger made elsewhere).
      serializers: {
        req: (req: { id?: unknown; method?: string; url?: string }) => ({
          id: req.id,
          method: req.method,
          url: typeof req.url === 'string' ? redactTokenPaths(req.url) : req.url,
        }),
        res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  // The second card provider's checkout script (MERCHANT_CHECKOUT_URL, or its sandbox and production hosts) opens the
  // provider's own card form: the script, the form it frames and what that brings (styles, images, its calls).
  const merchantCheckout = merchantCheckoutOrigins(ctx.config.payments.merchantCheckoutUrl);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...merchantCheckout],
          frameSrc: ["'self'", ...merchantCheckout],
          // MUI/emotion inject style tags at runtime.
          styleSrc: ["'self'", "'unsafe-inline'", ...merchantCheckout],
          imgSrc: ["'self'", 'data:', 'blob:', ...merchantCheckout],
          // The card form tokenises the card in the browser, straight at Culqi's token host (card numbers never reach us).
          // Badge printing: the DYMO Connect service on the visitor's machine (loopback HTTPS, ports 41951-41960).
          connectSrc: [
            "'self'",
            'ws:',
            'wss:',
            new URL(ctx.config.payments.culqiTokensUrl).origin,
            ...merchantCheckout,
            ...PRINT_SOURCES,
            ...ctx.config.boxOfficePrintOrigins,
          ],
          upgradeInsecureRequests: null,
        },
      },
    }),
  );
  app.use((req, res, next) => {
    const end = httpDuration.startTimer({ method: req.method });
    res.on('finish', () => end({ route: req.route?.path ?? (req.path.startsWith('/api/') ? 'api' : 'web'), status: res.statusCode }));
    next();
  });

  app.get('/metrics', async (_req, res) => {
    res.set('Content-Type', registry.contentType).send(await registry.metrics());
  });

  const api = express.Router();
  api.use(jsonBody());
  api.use(rejectUnstorableText);
  api.get('/health', async (_req, res) => {
    const checks: Record<string, unknown> = {};
    let healthy = true;
    try {
      await sql`SELECT 1`.execute(ctx.db);
      checks.database = 'ok';
    } catch {
      checks.database = 'down';
      healthy = false;
    }
    try {
      await ctx.redis.ping();
      checks.redis = 'ok';
    } catch {
      checks.redis = 'down';
      healthy = false;
    }
    checks.eventStore = ctx.store.kind;
    const stored = await ctx.db.selectFrom('projection_checkpoints').selectAll().execute().catch(() => []);
    const local = new Map((options.projectionStatus?.() ?? []).map((p) => [p.name, p]));
    const projections = stored.map((p) => ({
      name: p.name,
      position: p.position,
      status: local.get(p.name)?.status ?? p.status,
      error: local.get(p.name)?.error ?? p.error,
    }));
    if (projections.some((p) => p.status === 'failed')) healthy = false;
    res.status(healthy ? 200 : 503).json({ status: healthy ? 'ok' : 'degraded', ...checks, projections });
  });
  api.get('/openapi.json', (_req, res) => {
    res.json(openApiDocument());
  });
  api.use(authenticate(ctx));
  registerRoutes(api, ctx);
  api.use((_req, res) => {
    res.status(404).json(errorBody(404));
  });
  api.use(errorHandler);
  app.use('/api/v2', api);
  // Any other API path (an old version, a typo) is a JSON 404, never the web app nor express's HTML page.
  app.use('/api', (_req, res) => {
    res.status(404).json(errorBody(404));
  });

  app.get('/r/:code', shortLinkHandler(ctx)); // campaign mails' short links and open pixel (src/http/contacts/short-link.ts)
  if (options.serveWeb !== false && existsSync(path.join(WEB_DIST, 'index.html'))) {
    // The web app's scripts are ~700 KB raw and ~210 KB gzipped: compress what the browser downloads.
    app.use(compression());
    app.use(express.static(WEB_DIST, { index: false, maxAge: '1h', setHeaders: immutableAssets }));
    app.use(webRouteStatus(WEB_DIST)); // 404 for a path no web page matches (still the app's index.html)
    app.get('/e/:eventCode', eventPageHtml(ctx, WEB_DIST)); // a published event's title and link-preview tags
    app.get(/^(?!\/api\/|\/socket\.io\/).*/, (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(path.join(WEB_DIST, 'index.html'));
    });
  }
  // What is left (any method but GET outside /api, or GET without a web build) is a catalogue 404 too.
  app.use((_req, res) => {
    res.status(404).json(errorBody(404));
  });
  app.use(errorHandler);
  return app;
}

function immutableAssets(res: express.Response, filePath: string) {
  // Vite fingerprints everything under assets/; index.html must always be revalidated.
  if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
}
