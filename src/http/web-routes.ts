import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';

/**
 * Which paths the web app has a page for. The build writes the patterns of the web's route table into
 * web/dist/web-routes.json (web/web-routes-plugin.ts), in react-router's syntax: static segments, `:param`,
 * `:param?` (optional) and a trailing `*`. Matching follows react-router: case-insensitive static segments, a
 * trailing slash ignored.
 */
export type WebRouteMatcher = (pathname: string) => boolean;

function segments(p: string): string[] {
  return p.split('/').filter(Boolean);
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function matches(pattern: string[], parts: string[]): boolean {
  if (pattern.length === 0) return parts.length === 0;
  const [head, ...rest] = pattern;
  if (head === '*') return true;
  const optional = head.endsWith('?');
  const seg = optional ? head.slice(0, -1) : head;
  const here =
    parts.length > 0 && (seg.startsWith(':') || seg.toLowerCase() === decode(parts[0]).toLowerCase()) && matches(rest, parts.slice(1));
  return here || (optional && matches(rest, parts));
}

export function webRouteMatcher(patterns: readonly string[]): WebRouteMatcher {
  const compiled = patterns.map(segments);
  return (pathname) => {
    const parts = segments(pathname);
    return compiled.some((p) => matches(p, parts));
  };
}

/** The matcher of a web build, or null for a build without the route list (then every path is a page). */
export function loadWebRoutes(webDist: string): WebRouteMatcher | null {
  const file = path.join(webDist, 'web-routes.json');
  if (!existsSync(file)) return null;
  const { patterns } = JSON.parse(readFileSync(file, 'utf8')) as { patterns: string[] };
  return webRouteMatcher(patterns);
}

/**
 * Sets 404 on a GET for a path no web page matches; the index.html served next still shows the app's own 404
 * page. Mounted after the static files (a missing asset is a 404 too) and before the index.html fallback.
 */
export function webRouteStatus(webDist: string): RequestHandler {
  const isPage = loadWebRoutes(webDist);
  return (req, res, next) => {
    if (isPage && (req.method === 'GET' || req.method === 'HEAD') && !isPage(req.path)) res.status(404);
    next();
  };
}
