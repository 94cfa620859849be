import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppModule, ModuleDeps } from '../module-deps.ts';
import { createEmailChangeService } from './email-change.ts';
import { createMyRetailersService, myRetailersRoutes } from './my-retailers.ts';
import { createPasswordService } from './passwords.ts';
import { createProfileService } from './profile.ts';
import { accountRoutes, emailChangeRoutes } from './routes.ts';
import { createAccountService, type AccountService } from './service.ts';

/**
 * Accounts: sign-in and sessions, the profile, passwords and the sign-in email. Its service is the
 * one app.ts hands the bearer hook (`authenticate`) and the acting plugin (`resolveActing`).
 */
export function createAccountModule({ db, clock, config, fileStore, mailer, logger }: ModuleDeps): AppModule<AccountService> {
  const account = createAccountService({ db, clock });
  const profile = createProfileService({ db, store: fileStore, account });
  const passwords = createPasswordService({ db, clock, mailer, publicUrl: config.publicUrl, logger });
  const emailChange = createEmailChangeService({ db, clock, mailer, publicUrl: config.publicUrl, logger });
  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(accountRoutes, { account, profile, passwords });
    await app.register(emailChangeRoutes, { emailChange });
    await app.register(myRetailersRoutes, { myRetailers: createMyRetailersService({ db, clock, invoiceCreditDays: config.invoiceCreditDays }) });
  };
  return { service: account, plugin };
}
