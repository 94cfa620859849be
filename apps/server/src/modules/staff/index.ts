import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppModule, ModuleDeps } from '../module-deps.ts';
import type { AccountService } from '../account/service.ts';
import { staffRoutes } from './routes.ts';
import { createStaffService, type StaffService } from './service.ts';
import { createWelcomeMail } from './welcome.ts';

/**
 * The sales team and staff users (back office III, admin only): sales executives and their
 * retailers, moves between them, a retailer's sales executives, staff users with a role, and their
 * deactivation, unlock (the account module's) and sessions.
 */
export function createStaffModule({ db, clock, config, mailer, logger }: ModuleDeps, deps: { account: AccountService }): AppModule<StaffService> {
  const welcome = createWelcomeMail({ mailer, publicUrl: config.publicUrl, logger });
  const staff = createStaffService({ db, clock, account: deps.account, welcome });
  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(staffRoutes, { staff });
  };
  return { service: staff, plugin };
}
