import type { NextFunction, Request, Response } from 'express';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, normalize, sep } from 'node:path';

/** The URL prefix the console is served under (its build is made for it: Vite's `base`). */
export const CONSOLE_PATH = '/console';

/**
 * The console's routes (notifications link to them). Each loads the app; any other path under
 * /console/ answers 404 with the app too, which then says the page does not exist.
 */
const ROUTES = [
  /^\/$/,
  /^\/accounts\/[^/]+\/?$/,
  /^\/accounts\/[^/]+\/(settings|audit)\/?$/,
  /^\/deployments\/[^/]+\/(queue|payouts|invoices|transactions|claims)\/?$/,
  /^\/deployments\/[^/]+\/(operations|invoices)\/[^/]+\/?$/,
];

/**
 * Strict: scripts, styles and fonts only from this origin, no inline script or style element, data
 * requests only to this origin (the wallet is the browser extension, not a remote origin), images
 * from here or data: (wallet icons announced by EIP-6963 are data: URLs).
 */
export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "font-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/** The repository root: the nearest folder above this file holding package.json (src/ or dist/src/). */
function projectRoot(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

export function defaultConsoleDir(): string {
  return join(projectRoot(), 'dist', 'console');
}

function securityHeaders(res: Response): void {
  res.setHeader('Content-Security-Policy', CONSOLE_CSP);
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
}

/** The encodings a client accepts, best first, among the precompressed copies the build writes. */
function encodingFor(req: Request): 'br' | 'gzip' | undefined {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}

/**
 * Serves the console's build at /console/: hashed assets with a year-long immutable cache (their
 * names change with their content) and precompressed when the client accepts it; index.html for
 * every console route with `no-cache`, so a new build is picked up on the next load. Only GET and
 * HEAD; /api paths never reach this.
 */
export function consoleSite(dir: string = defaultConsoleDir()) {
  const root = normalize(dir + sep);
  let index: Buffer | undefined;
  const readIndex = (): Buffer | undefined => {
    if (index === undefined && existsSync(join(root, 'index.html'))) index = readFileSync(join(root, 'index.html'));
    return index;
  };

  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const path = req.path;
    if (req.originalUrl.split('?')[0] === CONSOLE_PATH) {
      res.redirect(301, `${CONSOLE_PATH}/`);
      return;
    }
    securityHeaders(res);
    if (path.startsWith('/assets/')) {
      const file = normalize(join(root, decodeURIComponent(path)));
      if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
        res.status(404).type('text/plain').send('Not found');
        return;
      }
      const type = TYPES[extname(file)] ?? 'application/octet-stream';
      const encoding = encodingFor(req);
      const compressed = encoding && existsSync(`${file}.${encoding === 'br' ? 'br' : 'gz'}`);
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.setHeader('Vary', 'Accept-Encoding');
      res.setHeader('Content-Type', type);
      if (compressed) res.setHeader('Content-Encoding', encoding);
      res.sendFile(compressed ? `${file}.${encoding === 'br' ? 'br' : 'gz'}` : file, {
        headers: { 'Content-Type': type },
      });
      return;
    }
    const html = readIndex();
    if (html === undefined) {
      res.status(503).type('text/plain').send('The console is not built: run `npm run build`.\n');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res
      .status(ROUTES.some((route) => route.test(path)) ? 200 : 404)
      .type('html')
      .send(html);
  };
}
