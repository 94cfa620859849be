// zod compiles object parsers with `new Function` unless told not to, and decides so when a schema
// is built; the CSP (script-src 'self') forbids eval, and the attempt is reported as a violation.
// zod keeps its settings on `globalThis.__zod_globalConfig` (shared by every copy of zod) and
// creates that object only when absent: made here, first thing in main.tsx, before any chunk that
// builds a schema has loaded, it holds `jitless` without the first screens loading zod to set it.
// e2e/public.spec.ts fails on a CSP violation, so a zod that stops reading it is noticed.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };
