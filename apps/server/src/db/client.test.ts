import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DATA_DIR_LOCK_FILE, DataDirLockedError, lockDataDir, openDatabase, queryRows } from './client.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const folders: string[] = [];
function dataFolder() {
  const folder = mkdtempSync(path.join(tmpdir(), 'frameport-lock-'));
  folders.push(folder);
  return folder;
}

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A PID that surely belongs to no running process: a child that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

/** `npm run seed` (the CLI itself, in a child process) on DATA_DIR: its exit code and output. */
function seedCli(dataDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/db/seed/cli.ts'), '--products', '10'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('one process per PGlite data folder', () => {
  const folder = dataFolder();
  const lockFile = path.join(folder, DATA_DIR_LOCK_FILE);

  it('refuses a second open (in this process, or npm run seed in another) naming the PID, and reopens after close', async () => {
    const first = await openDatabase({ dataDir: folder });
    await first.db.execute(sql`create table kept (n int)`);
    await first.db.execute(sql`insert into kept values (1)`);

    const second = openDatabase({ dataDir: folder });
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(second).rejects.toThrow(`this process (PID ${process.pid}) already has it open`);

    const seed = await seedCli(folder);
    expect(seed.code).toBe(1);
    expect(seed.output).toContain(`it is in use by process ${process.pid}.`);
    expect(seed.output).toContain('stop that process first');
    expect(seed.output).not.toContain('    at '); // a message, not a stack trace

    // The refused opens changed nothing: the holder still owns the folder and its data.
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: process.pid });
    expect(await queryRows(first.db, sql`select n from kept`)).toEqual([{ n: 1 }]);
    expect(await queryRows(first.db, sql`select count(*)::int as n from pg_tables where schemaname = 'public'`)).toEqual([{ n: 1 }]);

    await first.close();
    expect(existsSync(lockFile)).toBe(false);
    const again = await openDatabase({ dataDir: folder });
    try {
      expect(await queryRows(again.db, sql`select n from kept`)).toEqual([{ n: 1 }]);
    } finally {
      await again.close();
    }
  }, 180_000);

  it('takes over a lock left by a process that died (kill -9)', async () => {
    writeFileSync(lockFile, JSON.stringify({ pid: deadPid(), host: hostname(), startedAt: '1' }));
    const database = await openDatabase({ dataDir: folder });
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: process.pid });
    await database.close();
  }, 60_000);

  it('takes over a PID reused by a later process, one with our own PID, or a half-written file', () => {
    for (const stale of [
      JSON.stringify({ pid: process.ppid, host: hostname(), startedAt: '1' }), // alive, but started after the holder
      JSON.stringify({ pid: process.pid, host: hostname(), startedAt: '1' }), // a container's PID 1 before a restart
      '{"pid":',
    ]) {
      writeFileSync(lockFile, stale);
      const release = lockDataDir(folder);
      expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: process.pid });
      release();
      expect(existsSync(lockFile)).toBe(false);
    }
  });

  it('refuses a live holder, and a lock from another host (a shared volume) saying how to clear it', () => {
    writeFileSync(lockFile, JSON.stringify({ pid: process.ppid, host: hostname(), startedAt: null }));
    expect(() => lockDataDir(folder)).toThrow(`in use by process ${process.ppid}. Only one Frameport process`);
    writeFileSync(lockFile, JSON.stringify({ pid: 4242, host: 'other-host', startedAt: null }));
    expect(() => lockDataDir(folder)).toThrow(`in use by process 4242 on other-host. Only one Frameport process`);
    expect(() => lockDataDir(folder)).toThrow(`delete ${lockFile}`);
    rmSync(lockFile);
  });
});
