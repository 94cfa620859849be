// `npm test`: every check, in order, stopping at the first failure:
// typecheck → lint → unit and integration tests (domain, server on PGlite, web) → web build → e2e in Chromium
// → the e2e interaction timings (@timing) alone, one worker.
// With TEST_DATABASE_URL set, the server suite runs against that PostgreSQL server too.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const steps = [
  ['typecheck', ['npm', 'run', 'typecheck', '--silent']],
  ['lint', ['npm', 'run', 'lint', '--silent']],
  ['unit and integration tests', ['npx', 'vitest', 'run']],
  ['web build', ['npm', 'run', 'build', '--silent']],
  ['end-to-end tests', ['npx', 'playwright', 'test', '--grep-invert', '@timing']],
  // Interaction timings (tagged @timing) measured with nothing else running beside them.
  ['end-to-end timings', ['npx', 'playwright', 'test', '--grep', '@timing', '--workers=1']],
];

let passed = 0;
for (const [name, [command, ...args]] of steps) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✖ ${name} failed after ${seconds} s`);
    console.log(`\nsteps: ${passed} passed, 1 failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} (${seconds} s)`);
  passed += 1;
}
console.log(`\nsteps: ${passed} passed, 0 failed`);
