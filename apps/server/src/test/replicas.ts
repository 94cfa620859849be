/**
 * Real server processes for the scale-out test (`npm run test:replicas`) and the replica bench:
 * each replica is `apps/server/src/main.ts` in a child process of its own, started exactly as
 * `npm start` starts it, on a loopback port. Nothing but the environment is shared with the test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const MAIN = path.join(repoRoot, 'apps/server/src/main.ts');

export type Replica = {
  name: string;
  url: string;
  /** Everything the process printed, for the failure message of a test. */
  output(): string;
  /** SIGTERM, then the exit code (null when it had to be killed after `timeoutMs`). */
  stop(timeoutMs?: number): Promise<number | null>;
  process: ChildProcess;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Starts one replica; resolves at once (use `waitHealthy`). Its own temporary DATA_DIR: replicas share no disk. */
export async function startReplica(name: string, env: Record<string, string>): Promise<Replica> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), `frameport-replica-${name}-`));
  // REPLICA_CPU_PROF_DIR=/some/dir: each replica writes a V8 CPU profile there when it exits (profiling a bench's server).
  const profile = process.env.REPLICA_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.REPLICA_CPU_PROF_DIR}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', MAIN], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: '/nonexistent-web-build',
      LOG_LEVEL: 'info',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    process: child,
    output: () => chunks.join(''),
    async stop(timeoutMs = 15_000) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      const code = await exited;
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** Polls /healthz until it answers 200; throws with the replica's output when it exits or time runs out. */
export async function waitHealthy(replica: Replica, timeoutMs = 120_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (replica.process.exitCode !== null) {
      throw new Error(`${replica.name} exited with ${replica.process.exitCode}:\n${replica.output()}`);
    }
    try {
      const response = await fetch(`${replica.url}/healthz`);
      if (response.status === 200) return performance.now() - started;
      await response.arrayBuffer();
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${replica.name} was not healthy within ${timeoutMs} ms:\n${replica.output()}`);
}

/**
 * A new, empty database on the PostgreSQL server of `baseUrl` (any database URL on it), dropped by
 * `drop()`, even while connections to it remain.
 */
export async function createScratchDatabase(baseUrl: string, prefix = 'frameport_replicas') {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Whether a PostgreSQL server answers at `url`. */
export async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
