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
import { refuseWhileClosing } from './http/closing.ts';
import { registerCompression } from './http/compression.ts';
import { answerFrameworkError, registerErrorHandler, registerNotFoundHandler } from './http/error-handler.ts';
import { healthRoutes, warmCatalogueAndCart } from './http/health.ts';
import { registerSpa } from './http/spa.ts';
import { loggerOptions } from './log.ts';
import { createMailer } from './adapters/mail.ts';
import { openFileStore } from './adapters/storage.ts';
import { createAccountModule } from './modules/account/index.ts';
import { createCartModule } from './modules/cart/index.ts';
import { createCatalogueModule } from './modules/catalogue/index.ts';
import { createContentModule } from './modules/content/index.ts';
import { createDashboardModule } from './modules/dashboard/index.ts';
import { createDiscountsModule } from './modules/discounts/index.ts';
import { createAuditLogModule } from './modules/audit-log/index.ts';
import { createReportsModule } from './modules/reports/index.ts';
import { createRetailersModule } from './modules/retailers/index.ts';
import { createHousekeepingModule } from './modules/housekeeping/index.ts';
import { createImportsModule } from './modules/imports/index.ts';
import { createInvoicesModule } from './modules/invoices/index.ts';
import { createMediaModule } from './modules/media/index.ts';
import type { ModuleDeps } from './modules/module-deps.ts';
import { createOrdersModule } from './modules/orders/index.ts';
import { createPaymentsModule } from './modules/payments/index.ts';
import { createPricesModule } from './modules/prices/index.ts';
import { createProductsModule } from './modules/products/index.ts';
import { createShipmentsModule } from './modules/shipments/index.ts';
import { createStaffModule } from './modules/staff/index.ts';
import { createStockModule } from './modules/stock/index.ts';
import { createTestSeedingModule } from './modules/test-seeding/index.ts';
import { createUploadsModule } from './modules/uploads/index.ts';

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
    // Requests arriving while the server closes answer in our own shape (http/closing.ts).
    return503OnClosing: false,
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
  refuseWhileClosing(app);
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
  // once at build time instead (http/spa.ts). Answers held in memory in one call (compression.ts);
  // streams through @fastify/compress, whose onSend runs after it.
  registerCompression(app);
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

  const mailer = createMailer({ db: database.db, clock, smtpUrl: config.smtpUrl, from: config.mailFrom, logger: app.log });
  app.addHook('onClose', async () => mailer.close());
  // One store for every module that writes or serves files: with FILE_STORE=s3 all replicas share it.
  const fileStore = await openFileStore(config.fileStore, app.log);
  app.addHook('onClose', async () => fileStore.close());
  const moduleDeps: ModuleDeps = { db: database.db, clock, config, fileStore, mailer, logger: app.log };

  const account = createAccountModule(moduleDeps);
  const catalogue = createCatalogueModule(moduleDeps);
  const cart = createCartModule(moduleDeps);
  const invoices = createInvoicesModule(moduleDeps);
  const uploads = createUploadsModule(moduleDeps);
  const payments = createPaymentsModule(moduleDeps);
  // In this order their routes are registered: the route table and the API docs list them so.
  const modules = [
    account,
    catalogue,
    cart,
    createOrdersModule(moduleDeps),
    invoices,
    createShipmentsModule({ ...moduleDeps, invoices: invoices.service }),
    payments,
    createContentModule({ ...moduleDeps, catalogue: catalogue.service }),
    createProductsModule(moduleDeps),
    createMediaModule(moduleDeps),
    uploads,
    createPricesModule(moduleDeps),
    createImportsModule(moduleDeps, { uploads: uploads.service }),
    createHousekeepingModule(moduleDeps),
    createStockModule(moduleDeps),
    createDiscountsModule(moduleDeps),
    createReportsModule({ ...moduleDeps, payments: payments.service }),
    createRetailersModule(moduleDeps),
    createStaffModule(moduleDeps, { account: account.service }),
    createDashboardModule(moduleDeps),
    createAuditLogModule(moduleDeps),
    // Never on a real server: loadConfig refuses TEST_SEEDING there.
    ...(config.testSeeding ? [createTestSeedingModule(moduleDeps)] : []),
  ];

  await app.register(bearerAuth, { authenticate: account.service.authenticate });
  await app.register(actingPlugin, { resolve: account.service.resolveActing, audit: account.service.recordOnBehalf });
  await app.register(healthRoutes, {
    database,
    clock,
    warm: () =>
      warmCatalogueAndCart({ db: database.db, catalogue: catalogue.service, cart: cart.service, authenticate: account.service.authenticate }),
  });

  for (const module of modules) await app.register(module.plugin);

  const spaFallback = await registerSpa(app, config.webDistDir);
  registerNotFoundHandler(app, spaFallback);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
