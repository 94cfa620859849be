import type { FastifyInstance } from 'fastify';
import { messages } from '@frameport/domain/messages';
import { AppError } from './errors.ts';

/** A replica restarting is back (or replaced) within seconds. */
const CLOSING_RETRY_AFTER_SECONDS = 5;

/**
 * While the server closes (SIGTERM, main.ts), a request that still arrives on an open keep-alive
 * connection answers 503 with Retry-After in the API's own shape: the envelope, or the OAuth shape
 * on /token (its route's error handler). Fastify's built-in answer (`return503OnClosing`, turned off
 * in app.ts) is JSON of its own that no client of ours reads. Nothing runs past this hook, so such a
 * request changes nothing.
 */
export function refuseWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async () => {
    if (closing) {
      throw new AppError('unavailable', messages.http.unavailable, { retryAfterSeconds: CLOSING_RETRY_AFTER_SECONDS });
    }
  });
}
