import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/**
 * Every environment variable the server reads, parsed once. Nothing else reads process.env.
 * The README's configuration table mirrors this schema.
 */
const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

export type TrustProxy = false | number | string[];

/** proxy-addr's names for the private ranges, accepted in a TRUST_PROXY list like addresses. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Fastify's form of TRUST_PROXY. Fastify 5 treats a bare number as "trust nothing" (a hop count
 * cannot tell the proxy from a client that connects directly), so N hops is spelled as a function:
 * the socket's peer and the N-1 addresses it appended are proxies, the next one is the client.
 */
export function trustProxyOption(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/**
 * TRUST_PROXY: `false` (the default: the socket's address is the client, X-Forwarded-For is
 * ignored), a hop count (1 behind one nginx or load balancer), or a comma-separated list of the
 * proxies' addresses or CIDR ranges. `true` is refused: it trusts every hop, so any client could
 * write its own address into X-Forwarded-For and with it choose its sign-in limits and audit IP.
 */
function parseTrustProxy(raw: string, ctx: z.RefinementCtx): TrustProxy {
  const value = raw.trim().toLowerCase();
  if (['false', 'no', '0'].includes(value)) return false;
  if (['true', 'yes', 'on', 'all', '*'].includes(value)) {
    ctx.addIssue({
      code: 'custom',
      message:
        'TRUST_PROXY=true would trust every X-Forwarded-For hop, so any client could choose its own address ' +
        '(and with it its sign-in limits and audit IPs). Set the number of proxies in front of the server ' +
        '(TRUST_PROXY=1 behind one nginx or load balancer) or their addresses (TRUST_PROXY=10.0.0.5,10.1.0.0/16).',
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) {
      ctx.addIssue({ code: 'custom', message: 'TRUST_PROXY is a hop count from 1 to 10, or a list of proxy addresses' });
      return z.NEVER;
    }
    return hops;
  }
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  const invalid = entries.filter((entry) => !isAddressOrRange(entry));
  if (entries.length === 0 || invalid.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `TRUST_PROXY is false, a hop count or a comma-separated list of proxy addresses or CIDR ranges; not an address: ${invalid.join(', ') || raw}`,
    });
    return z.NEVER;
  }
  return entries;
}

const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  SEED_DEMO: booleanFromEnv.default(true),
  SEED_PRODUCTS: z.coerce.number().int().min(10).max(50000).default(2500),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  COMPANY_STATE_CODE: z.string().regex(/^\d{2}$/, 'COMPANY_STATE_CODE is a 2-digit GST state code').default('36'),
  TRUST_PROXY: z.string().default('false').transform(parseTrustProxy),
  CATALOGUE_CACHE: booleanFromEnv.default(true),
  LENS_LOGIN_URL: z.url({ protocol: /^https?$/, error: 'LENS_LOGIN_URL must be an http:// or https:// URL' }).optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Frameport <no-reply@frameport.test>'),
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'razorpay']).default('sandbox'),
  PAYMENTS_SANDBOX_ALLOWED: booleanFromEnv.default(false),
  TEST_SEEDING: booleanFromEnv.default(false),
  // Read only to refuse the payment sandbox and test seeding on a production server; nothing else branches on it.
  NODE_ENV: z.string().optional(),
  RAZORPAY_KEY_ID: z.string().min(1).optional(),
  RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
  RAZORPAY_API_URL: z.url().default('https://api.razorpay.com/v1'),
  INVOICE_CREDIT_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  HOUSEKEEPING_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(10080).default(60),
  PRICE_SCHEDULER_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(1440).default(5),
  IMPORT_POLL_MS: z.coerce.number().int().min(0).max(60_000).default(500),
  FILE_STORE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http:// or https:// URL' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  seedDemo: boolean;
  /** How many styles the demo seed generates on an empty database. */
  seedProducts: number;
  logLevel: z.infer<typeof ConfigSchema>['LOG_LEVEL'];
  publicUrl: string;
  companyStateCode: string;
  /**
   * Which proxies may say who the client is (X-Forwarded-For): none (false), the nearest N hops, or
   * the proxies at these addresses and ranges. Never every hop: see parseTrustProxy.
   */
  trustProxy: TrustProxy;
  /** Serve repeated catalogue reads from memory, invalidated by the database's catalogue version. */
  catalogueCache: boolean;
  /** The separate lens product's login page, linked from the profile menu (getConfig's LensLoginUrl); unset: no link. */
  lensLoginUrl: string | undefined;
  /** Where the built SPA lives; the server serves it for every non-API path when present. */
  webDistDir: string;
  /** Mail goes out through this SMTP server; unset, mails stay in the `mail_outbox` table. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Which payment provider takes invoice payments: the built-in sandbox page, or Razorpay Payment Links. */
  payments: PaymentsConfig;
  /** Days from an invoice's date to its due date. */
  invoiceCreditDays: number;
  /** Minutes between purges of rows past their retention (modules/housekeeping); 0: never. */
  housekeepingIntervalMinutes: number;
  /** Minutes between runs of the price scheduler (modules/prices: due price changes, GST rates come into force); 0: never. */
  priceSchedulerIntervalMinutes: number;
  /** How often the import worker (modules/imports) looks for a job to run, in ms; 0: never (tests run it by hand). */
  importPollMs: number;
  /** Where uploaded images live: a folder on this machine, or an S3-compatible bucket every replica reads. */
  fileStore: FileStoreConfig;
  /** The end-to-end tests' own data: an admin may create fresh retailers (modules/test-seeding). Never on a real server. */
  testSeeding: boolean;
};

export type PaymentsConfig =
  | { provider: 'sandbox' }
  | { provider: 'razorpay'; keyId: string; keySecret: string; webhookSecret: string; apiUrl: string };

export type FileStoreConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      endpoint: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      /** bucket in the path (MinIO, most self-hosted servers) rather than in the host name. */
      forcePathStyle: boolean;
    };

function fileStoreOf(c: z.infer<typeof ConfigSchema>): FileStoreConfig {
  if (c.FILE_STORE === 'local') return { kind: 'local', dir: path.join(path.resolve(c.DATA_DIR), 'uploads') };
  const missing = (['S3_BUCKET', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((key) => !c[key]);
  if (missing.length) {
    throw new Error(`Invalid configuration:\n${missing.map((key) => `  ${key}: required when FILE_STORE=s3`).join('\n')}`);
  }
  return {
    kind: 's3',
    bucket: c.S3_BUCKET!,
    endpoint: c.S3_ENDPOINT!,
    region: c.S3_REGION,
    accessKeyId: c.S3_ACCESS_KEY_ID!,
    secretAccessKey: c.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: c.S3_FORCE_PATH_STYLE,
  };
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = ConfigSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const c = parsed.data;
  // What makes a server look real: it refuses what only a developer's or a test's server may do.
  const reasons = [
    ...(c.NODE_ENV === 'production' ? ['NODE_ENV=production'] : []),
    ...(/^https:/i.test(c.PUBLIC_URL) ? [`PUBLIC_URL is ${c.PUBLIC_URL}`] : []),
  ];
  // Anyone with the admin's password could make accounts through it: no way to allow it on a real server.
  if (c.TEST_SEEDING && reasons.length > 0) {
    throw new Error(
      `Invalid configuration:\n  TEST_SEEDING: test seeding creates accounts for the end-to-end tests, and this looks like a real server ` +
        `(${reasons.join(', ')}). Leave TEST_SEEDING unset outside a test server.`,
    );
  }
  let payments: PaymentsConfig = { provider: 'sandbox' };
  if (c.PAYMENTS_PROVIDER === 'sandbox') {
    // The sandbox marks invoices paid without any money: a server that looks real must ask for it by name.
    if (reasons.length > 0 && !c.PAYMENTS_SANDBOX_ALLOWED) {
      throw new Error(
        `Invalid configuration:\n  PAYMENTS_PROVIDER: the payment sandbox (the default) marks invoices paid without any money moving, ` +
          `and this looks like a real server (${reasons.join(', ')}). Set PAYMENTS_PROVIDER=razorpay with its keys, ` +
          'or PAYMENTS_SANDBOX_ALLOWED=true for a test server that must take sandbox payments.',
      );
    }
  }
  if (c.PAYMENTS_PROVIDER === 'razorpay') {
    const missing = (['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const).filter((key) => !c[key]);
    if (missing.length) {
      throw new Error(`Invalid configuration:\n${missing.map((key) => `  ${key}: required when PAYMENTS_PROVIDER=razorpay`).join('\n')}`);
    }
    payments = {
      provider: 'razorpay',
      keyId: c.RAZORPAY_KEY_ID!,
      keySecret: c.RAZORPAY_KEY_SECRET!,
      webhookSecret: c.RAZORPAY_WEBHOOK_SECRET!,
      apiUrl: c.RAZORPAY_API_URL.replace(/\/$/, ''),
    };
  }
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    databasePoolMax: c.DATABASE_POOL_MAX,
    seedDemo: c.SEED_DEMO,
    seedProducts: c.SEED_PRODUCTS,
    logLevel: c.LOG_LEVEL,
    publicUrl: c.PUBLIC_URL.replace(/\/$/, ''),
    companyStateCode: c.COMPANY_STATE_CODE,
    trustProxy: c.TRUST_PROXY,
    catalogueCache: c.CATALOGUE_CACHE,
    lensLoginUrl: c.LENS_LOGIN_URL,
    webDistDir: path.resolve(c.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    payments,
    invoiceCreditDays: c.INVOICE_CREDIT_DAYS,
    housekeepingIntervalMinutes: c.HOUSEKEEPING_INTERVAL_MINUTES,
    priceSchedulerIntervalMinutes: c.PRICE_SCHEDULER_INTERVAL_MINUTES,
    importPollMs: c.IMPORT_POLL_MS,
    fileStore: fileStoreOf(c),
    testSeeding: c.TEST_SEEDING,
  };
}
