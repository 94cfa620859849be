/**
 * The real server as the benches start it: scripts/start.mjs (builds apps/web when its build is
 * missing or stale, migrates and seeds a fresh PGlite in `dataDir`), in a process of its own, so
 * a bench's load generator never shares its event loop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type StartOptions = {
  /** More environment for the server (SEED_PRODUCTS, say). */
  env?: Record<string, string>;
  /** The server's standard output: shown, or dropped (its warnings on stderr always show). */
  stdout?: 'inherit' | 'ignore';
};

/**
 * A port for a bench's server: below Linux's ephemeral range (32768–60999), where any outgoing
 * connection of the moment (the bench's own browser, database or load sockets) can hold a port and
 * the server's listen fails with EADDRINUSE; above RabbitMQ's 25672, the highest service port on
 * these machines; below the end-to-end tests' 30000–32701 (playwright.config.ts), so a bench and
 * a test run can share a machine.
 */
export function benchPort(): number {
  return 26000 + Math.floor(Math.random() * 4000);
}

export function startServer(port: number, dataDir: string, options: StartOptions = {}): ChildProcess {
  return spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...options.env },
    stdio: ['ignore', options.stdout ?? 'inherit', 'inherit'],
  });
}

/** Polls /healthz every `pollMs` until it answers 200; resolves with how long that took (ms). */
export async function waitForHealth(port: number, timeoutMs: number, pollMs = 100): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  throw new Error(`no 200 on /healthz within ${timeoutMs} ms`);
}

/** SIGTERM (the server closes cleanly) and waits for the process to end. */
export async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}
