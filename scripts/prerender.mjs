// After `vite build`, from apps/web: renders the pages of src/app/prerender.tsx to HTML and writes
// each into a copy of dist/index.html (dist/prerendered/<page>.html), which the server sends for
// that path (apps/server/src/http/spa.ts). The server-side bundle is built to dist-ssr/ (removed at
// the end) with the same Vite config, so CSS-module class names match the browser build's. The
// browser build's manifest (dist/.vite/manifest.json, removed here once read) names each page's
// lazy chunks.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const webRoot = process.cwd();
const distDir = path.join(webRoot, 'dist');
const ssrDir = path.join(webRoot, 'dist-ssr');
const outDir = path.join(distDir, 'prerendered');

await build({
  root: webRoot,
  logLevel: 'warn',
  build: { ssr: 'src/app/prerender.tsx', outDir: ssrDir, emptyOutDir: true, copyPublicDir: false },
});
const { PRERENDERED_PAGES, SIGNED_IN_SHELLS, renderPage, renderSignedInShell } = await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href);

const template = readFileSync(path.join(distDir, 'index.html'), 'utf8');
const manifestFile = path.join(distDir, '.vite', 'manifest.json');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
rmSync(path.dirname(manifestFile), { recursive: true });
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir);

for (const { path: pathname, lazyModules } of PRERENDERED_PAGES) {
  const page = await renderPage(pathname);
  let html = replaceOnce(template, '<div id="root"></div>', `<div id="root" data-prerendered="${pathname}">${page.html}</div>`);
  if (page.title !== null) html = replaceOnce(html, /<title>[^<]*<\/title>/, `<title>${page.title}</title>`);
  if (page.description !== null) {
    html = replaceOnce(html, /<meta name="description" content="[^"]*" \/>/, `<meta name="description" content="${escapeAttribute(page.description)}" />`);
  }
  html = loadAppAfterFirstPaint(html, chunksOf(lazyModules));
  const file = path.join(outDir, `${pathname.slice(1)}.html`);
  writeFileSync(file, html);
  console.log(`prerendered ${pathname} → ${path.relative(webRoot, file)} (${(html.length / 1024).toFixed(1)} kB)`);
}
// The signed-in screens: the header's bar, replaced whole by the app's first render (main.tsx).
const shell = renderSignedInShell();
for (const { path: pathname, cssModules, lazyModules, early } of SIGNED_IN_SHELLS) {
  let html = replaceOnce(template, '<div id="root"></div>', `<div id="root" data-shell="signed-in">${shell}</div>`);
  const chunks = chunksOf(lazyModules);
  const sheets = ownCssOf(cssModules);
  html = loadAppAfterFirstPaint(html, { js: chunks.js, css: sheets, laterCss: chunks.css.filter((href) => !sheets.includes(href)) }, early);
  const file = path.join(outDir, `${pathname.slice(1)}.html`);
  writeFileSync(file, html);
  console.log(`first-paint shell ${pathname} → ${path.relative(webRoot, file)} (${(html.length / 1024).toFixed(1)} kB)`);
}
rmSync(ssrDir, { recursive: true });

/** The CSS files of the given source modules' own chunks (not of the chunks they import). */
function ownCssOf(modules) {
  return modules.flatMap((key) => {
    const chunk = manifest[key];
    if (chunk === undefined) throw new Error(`prerender: ${key} is not a chunk of the build (dist/.vite/manifest.json)`);
    return (chunk.css ?? []).map((file) => `/${file}`);
  });
}

/** The JS and CSS files of the given source modules' chunks and of every chunk they import. */
function chunksOf(modules) {
  const js = new Set();
  const css = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (chunk === undefined) throw new Error(`prerender: ${key} is not a chunk of the build (dist/.vite/manifest.json)`);
    if (js.has(`/${chunk.file}`)) return;
    js.add(`/${chunk.file}`);
    for (const file of chunk.css ?? []) css.add(`/${file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  modules.forEach(visit);
  return { js: [...js], css: [...css] };
}

/**
 * The page paints from its HTML and CSS, its lazy screens' CSS included: the app's scripts, which
 * only hydrate it, are started by public/boot.js after that first paint, instead of by
 * index.html's module script and preloads, with the lazy screens' chunks preloaded alongside.
 * `early` (a signed-in screen's, app/early-requests.ts): the GETs boot.js starts at once.
 *
 * A signed-in screen (`early` given) paints only the header's bar before its code: there the HTML
 * itself asks for every chunk the first render needs (modulepreload) and for the sheets their
 * modules add when loaded (`laterCss`, preload), at low priority, so they do not take the network
 * from the page's own style sheet. The chunks arrive while the bar paints instead of after it and a
 * round trip for boot.js; boot.js still runs the entry after the first paint, from those fetches.
 * On a phone's network (Lighthouse's 150 ms, 1.6 Mb/s) the code was in 0.2–0.4 s sooner.
 */
function loadAppAfterFirstPaint(html, lazy, early = null) {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\n?\s*/;
  const preload = /<link rel="modulepreload" crossorigin href="([^"]+)">\n?\s*/g;
  const src = entry.exec(html)?.[1];
  if (src === undefined) throw new Error('prerender: no module script in dist/index.html');
  const preloads = new Set([...html.matchAll(preload)].map((match) => match[1]));
  for (const file of lazy.js) if (file !== src) preloads.add(file);
  const earlyAttribute = early === null ? '' : ` data-early="${escapeAttribute(JSON.stringify(early))}"`;
  const inHtml = early !== null;
  const boot = `<script defer src="/boot.js" data-entry="${src}" data-preloads="${inHtml ? '' : [...preloads].join(' ')}"${earlyAttribute}></script>\n    `;
  // Same href as Vite's loader would add, so it sees the sheet is there and adds no second copy.
  const sheets = lazy.css
    .filter((href) => !html.includes(`href="${href}"`))
    .map((href) => `\n    <link rel="stylesheet" crossorigin href="${href}">`)
    .join('');
  // After the page's sheets, so the browser asks for those first. Vite's loader adds a chunk's sheet
  // as a stylesheet link with the same href and crossorigin: it finds the preloaded file in the cache.
  const fetchedEarly = inHtml
    ? [
        ...[src, ...preloads].map((href) => `\n    <link rel="modulepreload" crossorigin fetchpriority="low" href="${href}">`),
        ...(lazy.laterCss ?? []).filter((href) => !html.includes(`href="${href}"`)).map((href) => `\n    <link rel="preload" as="style" crossorigin fetchpriority="low" href="${href}">`),
      ].join('')
    : '';
  return html
    .replace(entry, () => boot)
    .replace(preload, '')
    .replace(/\n\s*<\/head>/, (end) => `${sheets}${fetchedEarly}${end}`);
}

function replaceOnce(text, pattern, replacement) {
  const matches = typeof pattern === 'string' ? text.split(pattern).length - 1 : (text.match(new RegExp(pattern, 'g')) ?? []).length;
  if (matches !== 1) throw new Error(`prerender: expected one ${pattern} in dist/index.html, found ${matches}`);
  return text.replace(pattern, () => replacement);
}

function escapeAttribute(value) {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}
