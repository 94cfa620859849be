import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../adapters/mail.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';

/** What app.ts hands a module plugin that wires its own service and routes. */
export type ModuleDeps = {
  db: Db;
  clock: Clock;
  config: Config;
  mailer: Mailer;
  logger: FastifyBaseLogger;
};
