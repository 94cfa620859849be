import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppModule, ModuleDeps } from '../module-deps.ts';
import { auditLogRoutes } from './routes.ts';
import { createAuditLogService, type AuditLogService } from './service.ts';

/** The audit log screen's API (issue 18): reads `audit_log` (written by every module through db/audit.ts); writes nothing. */
export function createAuditLogModule({ db, clock }: ModuleDeps): AppModule<AuditLogService> {
  const service = createAuditLogService({ db });
  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(auditLogRoutes, { audit: service, clock });
  };
  return { service, plugin };
}
