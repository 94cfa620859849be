// `npm start`: build the web app when its build is missing or older than its sources,
// then run the server (migrate, seed an empty embedded database, listen on PORT).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Before anything else: on an older Node the failure would come later, from deep inside a
// dependency, and read like a bug. package.json's `engines` (">=major.minor[.patch]") is the one
// place the minimum is written.
const required = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;
const minimum = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(required);
if (!minimum) {
  console.error(`package.json engines.node is "${required}"; scripts/start.mjs understands only ">=x.y.z".`);
  process.exit(1);
}
const running = process.versions.node.split('.').map(Number);
const needed = minimum.slice(1).map((part) => Number(part ?? 0));
const differs = needed.findIndex((part, i) => running[i] !== part);
const tooOld = differs >= 0 && running[differs] < needed[differs];
if (tooOld) {
  console.error(`Frameport needs Node.js ${required.replace(/^>=\s*/, '')} or newer; this is Node.js ${process.versions.node}.`);
  console.error('Install a newer Node.js (https://nodejs.org) and run npm start again.');
  process.exit(1);
}
// .ci/run asks only this question before installing anything.
if (process.argv.includes('--check-node')) process.exit(0);
const builtIndex = path.join(root, 'apps/web/dist/index.html');
// The build's last step before compression: a build that stopped before it is not finished.
const builtPrerender = path.join(root, 'apps/web/dist/prerendered');
const webSources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/domain/src',
  'scripts/prerender.mjs',
];

function newestMtime(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = existsSync(builtIndex) && existsSync(builtPrerender) ? statSync(builtIndex).mtimeMs : 0;
if (builtAt === 0 || webSources.some((source) => newestMtime(source) > builtAt)) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '--silent', '-w', '@frameport/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
