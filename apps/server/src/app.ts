import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { configureZodMessages } from '@frameport/domain/contract';
import type { Clock } from './clock.ts';
import { trustProxyOption, type Config } from './config.ts';
import type { Database } from './db/client.ts';
import { actingPlugin } from './http/acting.ts';
import { bearerAuth, registerPublic } from './http/auth.ts';
import { answerFrameworkError, registerErrorHandler, registerNotFoundHandler } from './http/error-handler.ts';
import { healthRoutes, warmCatalogueAndCart } from './http/health.ts';
import { registerSpa } from './http/spa.ts';
import { loggerOptions } from './log.ts';
import { accountRoutes, emailChangeRoutes } from './modules/account/routes.ts';
import { createEmailChangeService } from './modules/account/email-change.ts';
import { createAccountService } from './modules/account/service.ts';
import { createPasswordService } from './modules/account/passwords.ts';
import { createProfileService } from './modules/account/profile.ts';
import { createMailer } from './adapters/mail.ts';
import { createHousekeeping, HOUSEKEEPING_FIRST_RUN_AFTER_MS } from './modules/housekeeping/service.ts';
import { openFileStore } from './adapters/storage.ts';
import { cartRoutes } from './modules/cart/routes.ts';
import { createCartService } from './modules/cart/service.ts';
import { orderRoutes } from './modules/orders/routes.ts';
import { createOrdersService } from './modules/orders/service.ts';
import { catalogueRoutes } from './modules/catalogue/routes.ts';
import { createCatalogueService } from './modules/catalogue/service.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { invoicesModule } from './modules/invoices/index.ts';
import { paymentsModule } from './modules/payments/index.ts';
import { mediaRoutes } from './modules/media/routes.ts';
import { uploadRoutes } from './modules/uploads/routes.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  clock: Clock;
  /** A pino logger, a `{ level, stream }` logger config, or false (tests). */
  logger?: FastifyServerOptions['logger'] | FastifyBaseLogger;
};

export type RouteEntry = { method: string; url: string; isPublic: boolean };

declare module 'fastify' {
  interface FastifyInstance {
    readonly routeTable: readonly RouteEntry[];
  }
}

/** Global request body limit; routes that take uploads raise their own. */
const BODY_LIMIT_BYTES = 100 * 1024;
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,64}$/;

export const CONTENT_SECURITY_POLICY = {
  directives: {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    connectSrc: ["'self'"],
    fontSrc: ["'self'", 'data:'],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    objectSrc: ["'none'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    upgradeInsecureRequests: null,
  },
};

/** Builds the whole server: used by main.ts and by every test (through inject). */
export async function buildApp(deps: AppDeps) {
  configureZodMessages();
  const { config, database, clock } = deps;
  const loggerOption =
    deps.logger === undefined
      ? { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] }
      : deps.logger;
  const app = Fastify({
    ...loggerOptions(loggerOption),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.trustProxy),
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    },
    // Case-sensitive, doubled slashes not merged (Fastify's defaults): one spelling per route, plus
    // a trailing slash. Whatever spelling reaches a route, the session rule is that route's (http/auth.ts).
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  // Every route the server registers, as registered: the authorization matrix test walks it, so a
  // new route cannot escape the access checks unnoticed.
  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      // Read when asked: a scope's own onRoute hook (registerPublic) marks the route after this one runs.
      routeTable.push({
        method,
        url: route.url,
        get isPublic() {
          return route.config?.auth === 'public';
        },
      });
    }
  });
  app.decorate('routeTable', routeTable);

  registerErrorHandler(app);
  // Many HTTP clients send `Content-Type: application/json` with no body (a DELETE above all): an
  // empty body is no body, and a route that needs one says so through its schema. Any other body
  // goes through Fastify's own parser (malformed JSON 400, `__proto__` and `constructor` refused).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body.length === 0) return done(null, undefined);
    parseJson(request, body as string, done);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });

  await app.register(helmet, {
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(formbody, { bodyLimit: BODY_LIMIT_BYTES });
  // API answers above 1 KB (catalogue pages are tens of KB) go out compressed: retailers are on
  // phones. Brotli at quality 4 costs little CPU per answer; the web build's files are compressed
  // once at build time instead (http/spa.ts).
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Frameport API',
        description: 'B2B eyewear wholesale ordering. Every /api reply is the envelope { Status, Error, Data }.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The access_token from POST /token' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await registerPublic(app, swaggerUi, { routePrefix: '/api/docs', staticCSP: false });

  const account = createAccountService({ db: database.db, clock });
  await app.register(bearerAuth, { authenticate: account.authenticate });
  await app.register(actingPlugin, { resolve: account.resolveActing, audit: account.recordOnBehalf });

  await app.register(healthRoutes, {
    database,
    clock,
    // Run on ready, when every service below exists.
    warm: () => warmCatalogueAndCart({ db: database.db, catalogue, cart, authenticate: account.authenticate }),
  });

  const mailer = createMailer({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom, logger: app.log });
  app.addHook('onClose', async () => mailer.close());
  // One store for every module that writes or serves files: with FILE_STORE=s3 all replicas share it.
  const fileStore = await openFileStore(config.fileStore, app.log);
  app.addHook('onClose', async () => fileStore.close());
  const profile = createProfileService({ db: database.db, store: fileStore, account });
  const passwords = createPasswordService({ db: database.db, clock, mailer, publicUrl: config.publicUrl, logger: app.log });
  await app.register(accountRoutes, { account, profile, passwords });
  const emailChange = createEmailChangeService({ db: database.db, clock, mailer, publicUrl: config.publicUrl, logger: app.log });
  await app.register(emailChangeRoutes, { emailChange });
  const catalogue = createCatalogueService({ db: database.db, clock, cache: config.catalogueCache });
  await app.register(catalogueRoutes, { catalogue });
  const cart = createCartService({ db: database.db, clock, config });
  await app.register(cartRoutes, { cart });
  const orders = createOrdersService({ db: database.db, clock, config, mailer, logger: app.log });
  await app.register(orderRoutes, { orders });
  const moduleDeps = { db: database.db, clock, config, mailer, logger: app.log };
  await app.register(invoicesModule, moduleDeps);
  await app.register(paymentsModule, moduleDeps);
  await app.register(contentRoutes, { db: database.db });
  await app.register(mediaRoutes, { db: database.db });
  await app.register(uploadRoutes, { db: database.db, store: fileStore });

  // Every replica keeps the schedule; they take turns through an advisory lock (housekeeping/service.ts).
  if (config.housekeepingIntervalMinutes > 0) {
    const housekeeping = createHousekeeping({ db: database.db, clock, logger: app.log });
    const intervalMs = config.housekeepingIntervalMinutes * 60_000;
    app.addHook('onReady', async () => housekeeping.start({ intervalMs, firstRunAfterMs: HOUSEKEEPING_FIRST_RUN_AFTER_MS }));
    app.addHook('onClose', async () => housekeeping.stop());
  }

  const spaFallback = await registerSpa(app, config.webDistDir);
  registerNotFoundHandler(app, spaFallback);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
