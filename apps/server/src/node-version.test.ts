import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const folders: string[] = [];

/** Runs a copy of scripts/start.mjs beside a package.json whose engines say `node`. */
function startWithEngines(node: string) {
  const folder = mkdtempSync(path.join(tmpdir(), 'frameport-engines-'));
  folders.push(folder);
  mkdirSync(path.join(folder, 'scripts'));
  copyFileSync(path.join(root, 'scripts/start.mjs'), path.join(folder, 'scripts/start.mjs'));
  writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ engines: { node } }));
  return spawnSync(process.execPath, [path.join(folder, 'scripts/start.mjs')], { encoding: 'utf8', timeout: 20_000 });
}

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** npm's own engine check, the one behind `npm ci`'s EBADENGINE warning (shipped with npm beside node). */
function npmEngineCheck(): (target: { engines?: Record<string, string> }, npm: string | null, node: string) => void {
  const npmRoot = path.join(path.dirname(process.execPath), '../lib/node_modules/npm');
  const require = createRequire(path.join(npmRoot, 'package.json'));
  return (require('npm-install-checks') as { checkEngine: ReturnType<typeof npmEngineCheck> }).checkEngine;
}

describe('the Node.js range in package.json engines', () => {
  const engines = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node as string;
  const lowest = `${engines.replace(/^>=\s*/, '')}.0.0`.split('.').slice(0, 3).join('.');

  it.runIf(existsSync(path.join(path.dirname(process.execPath), '../lib/node_modules/npm/node_modules/npm-install-checks')))(
    'is accepted by every installed package, at its lowest version and on this Node.js (npm ci warns EBADENGINE otherwise)',
    () => {
      const checkEngine = npmEngineCheck();
      const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
        packages: Record<string, { version?: string; engines?: Record<string, string> }>;
      };
      const refused: string[] = [];
      for (const [where, entry] of Object.entries(lock.packages)) {
        if (!entry.engines?.node) continue;
        for (const node of [lowest, process.versions.node]) {
          try {
            checkEngine({ engines: { node: entry.engines.node } }, null, node);
          } catch {
            refused.push(`${where}@${entry.version ?? '?'} needs node ${entry.engines.node}, not ${node}`);
          }
        }
      }
      expect(refused).toEqual([]);
    },
  );
});

describe('npm start on a Node.js older than package.json engines', () => {
  it('stops at once with a message naming both versions', () => {
    const [major] = process.versions.node.split('.').map(Number);
    const result = startWithEngines(`>=${major! + 1}.0`);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`Frameport needs Node.js ${major! + 1}.0 or newer; this is Node.js ${process.versions.node}.`);
    // Nothing was built or started.
    expect(result.stdout).not.toContain('Building the web app');
  });

  it('accepts the Node.js this suite runs on for the real engines range', () => {
    const engines = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node as string;
    const [major, minor, patch] = process.versions.node.split('.').map(Number);
    const [needMajor, needMinor = 0, needPatch = 0] = engines.replace(/^>=\s*/, '').split('.').map(Number);
    const ok = [major! - needMajor!, minor! - needMinor, patch! - needPatch].find((d) => d !== 0) ?? 0;
    expect(ok, `package.json engines ${engines} excludes the Node.js ${process.versions.node} that CI runs`).toBeGreaterThanOrEqual(0);
    // Same version exactly: the check passes it (then the copy fails later, with no web sources; not the version message).
    const same = startWithEngines(`>=${process.versions.node}`);
    expect(same.stderr).not.toContain('Frameport needs Node.js');
  });
});
