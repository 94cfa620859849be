import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { registerPublic } from './auth.ts';

/**
 * Paths that belong to the server: never answered with the SPA's index.html. /payments/sandbox/…
 * is the web app's (the sandbox payment screen, which needs the signed-in session).
 */
const SERVER_PREFIXES = ['/api', '/token', '/backoffice', '/payments/razorpay', '/media', '/healthz'];

export type SpaFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | null;

/** The build's prerendered first screens (scripts/prerender.mjs): `prerendered/homepage.html` answers /homepage. */
const PRERENDERED_DIR = 'prerendered';

/**
 * Serves the built SPA (apps/web/dist) when it exists: hashed assets cached for a year,
 * index.html for every other GET navigation so client-side routes work on reload, or the page's
 * prerendered copy of it where the build made one.
 * Returns the fallback for the not-found handler, or null when there is no build.
 */
export async function registerSpa(app: FastifyInstance, webDistDir: string): Promise<SpaFallback | null> {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ webDistDir }, 'no web build found: serving the API only (run `npm run build`)');
    return null;
  }
  const prerendered = new Map<string, string>(
    listHtml(path.join(webDistDir, PRERENDERED_DIR)).map((file) => [`/${path.basename(file, '.html')}`, `${PRERENDERED_DIR}/${file}`]),
  );
  const files = {
    root: webDistDir,
    // The build writes .br and .gz copies (scripts/precompress.mjs): sent when the browser takes them.
    preCompressed: true,
    setHeaders(reply: { header(name: string, value: string): unknown }, filePath: string) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    },
  };
  // reply.sendFile for the fallback below, here; the build's files as routes of their own, public.
  await app.register(fastifyStatic, { ...files, serve: false });
  await registerPublic(app, fastifyStatic, { ...files, wildcard: false, index: false, decorateReply: false });
  return (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' || isServerPath(pathname) || path.extname(pathname) !== '') return null;
    return reply.header('Cache-Control', 'no-cache').sendFile(prerendered.get(pathname) ?? 'index.html');
  };
}

/**
 * Whether a path is the server's, however it is spelled (`/%61pi/…`, `//API/…`, `/x/../api/…`):
 * such a path that reached no route is a 404 envelope, never the app's page.
 */
function isServerPath(pathname: string): boolean {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Malformed escapes: judged as sent.
  }
  const normal = path.posix.normalize(decoded).toLowerCase();
  return SERVER_PREFIXES.some((prefix) => normal === prefix || normal.startsWith(`${prefix}/`));
}

function listHtml(dir: string): string[] {
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((file) => file.endsWith('.html')) : [];
}
