import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** Mantine's `useId` module, as the bundler resolves it (a path inside node_modules). */
const MANTINE_USE_ID = /\/@mantine\/hooks\/esm\/use-id\/use-id\.mjs$/;
const OWN_USE_ID = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src/lib/mantine-use-id.ts');

/**
 * Mantine's `useId` replaced by src/lib/mantine-use-id.ts in the browser's build: the same contract
 * (an id stable for the component's life, `staticId` when given) without the synchronous re-render
 * after every labelled input's first commit (that module says why). Every Mantine module that asks
 * for it (@mantine/hooks' index re-exports it) gets this one.
 */
export function mantineStableIds(): Plugin {
  return {
    name: 'frameport:mantine-stable-ids',
    enforce: 'pre',
    load(id) {
      if (!MANTINE_USE_ID.test(id.split('?')[0]!)) return null;
      return `export { useId } from ${JSON.stringify(OWN_USE_ID)};\n`;
    },
  };
}
