import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Mailer } from '../adapters/mail.ts';
import type { FileStore } from '../adapters/storage.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';

/** What app.ts hands every module: one of each, shared by all (one file store, one mailer). */
export type ModuleDeps = {
  db: Db;
  clock: Clock;
  config: Config;
  fileStore: FileStore;
  mailer: Mailer;
  logger: FastifyBaseLogger;
};

/**
 * A module as app.ts wires it: each `modules/<name>/index.ts` exports `create<Name>Module(deps)`,
 * which builds the module's service once and returns it with the plugin that registers its routes.
 * app.ts creates the modules, gives app-level code (the bearer hook, the warm-up) and the modules
 * that depend on another the `service` they need, then registers the plugins in order. Each plugin
 * is encapsulated: hooks and parsers it adds stay within its own routes.
 */
export type AppModule<Service> = {
  service: Service;
  plugin: FastifyPluginAsyncZod;
};
