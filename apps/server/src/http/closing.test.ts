import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@frameport/domain/messages';
import { buildApp } from '../app.ts';
import { fixedClock } from '../clock.ts';
import { loadConfig } from '../config.ts';
import { createTestDatabase, type TestDatabase } from '../test/db.ts';

let database: TestDatabase;
const dataDir = mkdtempSync(path.join(tmpdir(), 'frameport-closing-'));

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type RawAnswer = { status: number; headers: string; body: string };

/** Splits what came back on one connection into its HTTP/1.1 answers (each has a Content-Length). */
function parseAnswers(raw: string): RawAnswer[] {
  const answers: RawAnswer[] = [];
  let rest = raw;
  while (rest.startsWith('HTTP/1.1')) {
    const headerEnd = rest.indexOf('\r\n\r\n');
    const headers = rest.slice(0, headerEnd);
    const length = Number(/content-length: (\d+)/i.exec(headers)?.[1] ?? 0);
    const body = rest.slice(headerEnd + 4, headerEnd + 4 + length);
    answers.push({ status: Number(headers.slice(9, 12)), headers, body });
    rest = rest.slice(headerEnd + 4 + length);
  }
  return answers;
}

/**
 * Two requests on one keep-alive connection: the first held in flight, the second sent once the
 * server has begun closing. Its answer is what a client of a replica under SIGTERM gets.
 */
async function secondAnswerWhileClosing(second: string): Promise<RawAnswer[]> {
  const config = { ...loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir }), webDistDir: '/nonexistent-web-build' };
  const app = await buildApp({ config, database, clock: fixedClock('2026-11-20T10:00:00.000Z'), logger: false });
  let reached!: () => void;
  const firstReached = new Promise<void>((resolve) => (reached = resolve));
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  app.addHook('onRequest', async (request) => {
    if (request.headers['x-hold'] === 'yes') {
      reached();
      await held;
    }
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };

  const socket = connect(port, '127.0.0.1');
  let raw = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (raw += chunk));
  const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Hold: yes\r\n\r\n');

  await firstReached;
  const closed = app.close();
  // The connection is busy (the first request is in flight), so closing leaves it open: the next
  // request on it reaches the server after close() began, as a load balancer's keep-alive does.
  await new Promise((resolve) => setTimeout(resolve, 50));
  socket.write(second);
  await new Promise((resolve) => setTimeout(resolve, 200));
  release();
  await closed;
  await ended;
  return parseAnswers(raw);
}

describe('a request arriving while the server closes', () => {
  it('answers 503 in the envelope with Retry-After, the request in flight finishing first', async () => {
    const answers = await secondAnswerWhileClosing(
      'GET /api/Account/getUserProfile HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer a-token-of-the-right-shape-0123456789\r\n\r\n',
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 503]);
    const [, refused] = answers;
    expect(refused!.headers).toMatch(/\r\nretry-after: 5\r\n/i);
    expect(refused!.headers).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(refused!.body)).toEqual({ Status: 1, Error: { Message: messages.http.unavailable, StackTrace: null }, Data: null });
  });

  it('answers /token in its OAuth shape: 503 temporarily_unavailable', async () => {
    const form = 'grant_type=password&username=retailer%40frameport.test&password=Retailer%40123';
    const answers = await secondAnswerWhileClosing(
      `POST /token HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${form.length}\r\n\r\n${form}`,
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 503]);
    expect(answers[1]!.headers).toMatch(/\r\nretry-after: 5\r\n/i);
    expect(JSON.parse(answers[1]!.body)).toEqual({ error: 'temporarily_unavailable', error_description: messages.http.unavailable });
  });
});
