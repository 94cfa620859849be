import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/**
 * The web's import direction (bulletproof-react's zones): app → features → lib, components, config.
 * A feature does not import another feature (the app composes them) nor the app; the shared
 * directories import no feature and not the app. eslint-plugin-import is not installed, so the zones
 * are no-restricted-imports patterns on the relative paths, one block per feature and folder depth
 * (how many `../` lead out of the feature).
 */
const WEB_SRC = 'apps/web/src';
const webFeatures = readdirSync(new URL(`./${WEB_SRC}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const upTo = (levels) => `^(\\.\\./){${levels}}`;
const featureZones = webFeatures.flatMap((feature) =>
  [0, 1, 2].map((depth) => ({
    files: [`${WEB_SRC}/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `${upTo(depth + 1)}(?!${feature}/)[^./]`,
              message: 'A feature does not import another feature: move what is shared to lib/, components/ or config/, or compose in app/.',
            },
            {
              regex: `${upTo(depth + 2)}(features|app)/`,
              message: 'A feature does not import app/ or another feature.',
            },
          ],
        },
      ],
    },
  })),
);

/**
 * The server's modules call each other only through a module's published surface: its `service.ts`
 * (or `index.ts`, what app.ts wires). A module's routes, queries and helpers are its own.
 */
const SERVER_MODULES = 'apps/server/src/modules';
const serverModuleZones = readdirSync(new URL(`./${SERVER_MODULES}`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => ({
    files: [`${SERVER_MODULES}/${entry.name}/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^\\.\\./(?!${entry.name}/)[^./][^/]*/(?!(service|index)\\.ts$)`,
              message: "A module imports another module's service.ts (or index.ts) only: publish what is needed there, or move a shared library to adapters/.",
            },
          ],
        },
      ],
    },
  }));

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/dist-ssr/**', 'data/**', '**/migrations/**', 'test-results/**', 'playwright-report/**', 'bench/results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Plain scripts the web serves as they are (public/boot.js): browser globals, no modules.
    files: ['apps/web/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  ...featureZones,
  ...serverModuleZones,
  {
    files: [`${WEB_SRC}/{lib,components,config}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./)+(features|app)/', message: 'lib/, components/ and config/ are shared: they import no feature and not app/.' }] },
      ],
    },
  },
  {
    // The domain package is shared with the browser: no node: imports, no I/O.
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'drizzle-orm*', 'fastify*'] }],
    },
  },
  {
    files: ['bench/**/*.ts', 'scripts/**/*.mjs', 'apps/server/src/db/seed/cli.ts'],
    rules: { 'no-console': 'off' },
  },
);
