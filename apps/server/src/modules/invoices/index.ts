import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.ts';

/** Invoices: raising them from orders, the invoice report, the account statement, the tax invoice PDF. */
export const invoicesModule: FastifyPluginAsyncZod<ModuleDeps> = async () => {};
