import { config } from 'zod/v4/core';

// zod compiles object parsers with `new Function` unless told not to, and decides so when a schema
// is built; the CSP (script-src 'self') forbids eval, and the attempt is reported as a violation.
// main.tsx imports it first, and the build puts it in zod's own chunk (vite.config.ts), which every
// chunk that builds a schema imports: it runs before the first schema is built.
config({ jitless: true });
