import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants as zlibConstants, gzip, gzipSync, type BrotliOptions } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/**
 * Up to this size an answer is compressed on the event loop (a 40 KB catalogue page: about 0.2 ms
 * of CPU); larger ones (reports, exports) on libuv's thread pool, which costs about 0.15 ms more
 * CPU per call (measured on getAll's answers) but keeps the loop free for as long as they take.
 */
export const COMPRESS_SYNC_MAX_BYTES = 64 * 1024;

/** JSON, text (not event streams) and XML: what the API and its exports answer with. */
const COMPRESSIBLE_TYPE = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)xml(?:;|$)/u;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const negotiator = new Negotiator<'br' | 'gzip'>({ supportedValues: ['br', 'gzip'] });

/**
 * API answers held whole in memory (every JSON answer, CSV and text exports) are compressed in one
 * call and go out with their Content-Length in one write. @fastify/compress, registered after this,
 * still takes what this leaves: streams and other compressible types.
 *
 * Why not @fastify/compress for these too: it turns a string into a stream, sniffs it (peek-stream),
 * pipes it through a zlib stream (duplexify, pump) and sends it chunked. Profiled under
 * bench:catalogue, that cost the server process about a tenth of its CPU per getAll; without it,
 * getAll uncached over HTTP went from 138 / 133 to 168 / 151 req/s (PostgreSQL, 10,000 styles,
 * 16 clients, runs taken in turn on one 2-core machine).
 *
 * Brotli at quality 4 (little CPU, most of the gain on JSON), else gzip, as the browser accepts;
 * `Vary: Accept-Encoding` on every answer that could have been compressed, so a shared cache keeps
 * the two apart.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !COMPRESSIBLE_TYPE.test(type)) return payload;
    const size = Buffer.byteLength(payload);
    if (size < COMPRESS_THRESHOLD_BYTES) return payload;
    reply.header('vary', varyWithAcceptEncoding(reply.getHeader('vary')));
    const accepted = request.headers['accept-encoding'];
    if (!accepted || request.headers['x-no-compression'] !== undefined) return payload;
    const encoding = negotiator.negotiate(accepted.toLowerCase());
    if (encoding === null) return payload;
    const compressed = await compress(payload, size, encoding);
    reply.header('content-encoding', encoding);
    // Fastify sets Content-Length from what this returns.
    reply.removeHeader('content-length');
    return compressed;
  });
}

async function compress(payload: string | Buffer, size: number, encoding: 'br' | 'gzip'): Promise<Buffer> {
  const inline = size <= COMPRESS_SYNC_MAX_BYTES;
  if (encoding === 'gzip') return inline ? gzipSync(payload) : gzipAsync(payload);
  const options: BrotliOptions = {
    params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: size },
  };
  return inline ? brotliCompressSync(payload, options) : brotli(payload, options);
}

function varyWithAcceptEncoding(current: string | number | string[] | undefined): string {
  const text = Array.isArray(current) ? current.join(', ') : current === undefined ? '' : String(current);
  if (text.trim() === '') return 'Accept-Encoding';
  if (text.split(',').some((field) => ['*', 'accept-encoding'].includes(field.trim().toLowerCase()))) return text;
  return `${text}, Accept-Encoding`;
}
