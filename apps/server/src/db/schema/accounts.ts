/**
 * Accounts and sign-in: written by modules/account (sign-in, sessions, passwords, email change,
 * profile, the sign-in throttle; the bearer hook reaches sessions through it). Roles, retailers, their sales
 * executives and shipping addresses are written by the seed today (the back office will edit them);
 * housekeeping deletes expired sign-in rows; modules/test-seeding (only with TEST_SEEDING=true)
 * creates retailers with their users, addresses and sales executive links for the end-to-end tests.
 */
import { RETAILER_STATUSES } from '@frameport/domain';
import { ROLE_NAMES, type Role as RoleCodeOfContract } from '@frameport/domain/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, paise, sqlList, tstz, updatedAt } from './columns.ts';
import { cities, countries, states } from './reference.ts';

/** Fixed ids of the seeded roles; the codes are the contract's roles. */
export const ROLE_IDS = { admin: 1, retailer: 2, salesexecutive: 3, warehouse: 4, accounts: 5 } as const satisfies Record<
  RoleCodeOfContract,
  number
>;
export type RoleCode = keyof typeof ROLE_IDS;
export const ROLE_CODES = Object.keys(ROLE_IDS) as [RoleCode, ...RoleCode[]];
/** The roles table's rows, written by the seed (and the tests' reference data). */
export const ROLE_ROWS = ROLE_CODES.map((code) => ({ id: ROLE_IDS[code], code, name: ROLE_NAMES[code] }));

export const roles = pgTable(
  'roles',
  {
    /** Fixed ids: 1 Admin, 2 Retailer, 3 Sales Executive, 4 Warehouse, 5 Accounts (see ROLE_IDS). */
    id: integer().primaryKey(),
    code: text({ enum: ROLE_CODES }).notNull().unique(),
    name: text().notNull(),
  },
  (_t) => [check('roles_code_check', sql`code in (${sqlList(ROLE_CODES)})`)],
);

export const retailers = pgTable(
  'retailers',
  {
    id: serial().primaryKey(),
    businessName: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull().default(''),
    email: text().notNull(),
    phone: text().notNull(),
    alternatePhone: text(),
    address: text().notNull(),
    cityId: integer()
      .notNull()
      .references(() => cities.id, { onDelete: 'restrict' }),
    stateId: integer()
      .notNull()
      .references(() => states.id, { onDelete: 'restrict' }),
    countryId: integer()
      .notNull()
      .references(() => countries.id, { onDelete: 'restrict' }),
    pinCode: text().notNull(),
    pan: text(),
    gstin: text(),
    maxLimitPerVariant: integer().notNull().default(20),
    maxOrderQuantity: integer().notNull().default(500),
    maxOrderValuePaise: paise().notNull().default(50_000_000),
    // Credit control (the order desk): confirming an order checks these. Written by modules/orders.
    creditLimitPaise: paise().notNull().default(50_000_000),
    /** Days from invoice to due date; null: the configured default (INVOICE_CREDIT_DAYS). */
    paymentTermsDays: integer(),
    creditHold: boolean().notNull().default(false),
    creditHoldReason: text(),
    creditUpdatedAt: tstz(),
    creditUpdatedByUserId: integer().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /**
     * Where the retailer stands (domain RETAILER_STATUSES): only `Active` retailers sign in, are
     * listed for acting and order. Written by modules/retailers (approve, reject, block, unblock).
     */
    status: text({ enum: RETAILER_STATUSES }).notNull().default('Active'),
    /** Why it was blocked or rejected; null when Active or Pending. */
    statusReason: text(),
    statusChangedAt: tstz(),
    statusChangedByUserId: integer().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** The sales executive who proposed it from the retailer-facing app (null: created on the desk or seeded). */
    proposedByUserId: integer().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('retailers_email_lower_unique').on(sql`lower(email)`),
    index('retailers_state_id_idx').on(t.stateId),
    index('retailers_city_id_idx').on(t.cityId),
    check('retailers_pin_code_format', sql`pin_code ~ '^[1-9][0-9]{5}$'`),
    check('retailers_gstin_format', sql`gstin is null or gstin ~ '^[0-9]{2}[A-Z0-9]{13}$'`),
    check('retailers_limits_positive', sql`max_limit_per_variant > 0 and max_order_quantity > 0`),
    check('retailers_max_order_value_nonneg', sql`max_order_value_paise >= 0`),
    check('retailers_credit_limit_nonneg', sql`credit_limit_paise >= 0`),
    check('retailers_payment_terms_range', sql`payment_terms_days is null or payment_terms_days between 0 and 365`),
    check('retailers_credit_hold_reason', sql`not credit_hold or credit_hold_reason is not null`),
    uniqueIndex('retailers_gstin_unique')
      .on(t.gstin)
      .where(sql`gstin is not null and status <> 'Rejected'`),
    index('retailers_status_idx').on(t.status),
    index('retailers_business_name_lower_idx').on(sql`lower(business_name)`),
    check('retailers_status_check', sql`status in (${sqlList(RETAILER_STATUSES)})`),
    check('retailers_status_reason', sql`status not in ('Blocked', 'Rejected') or status_reason is not null`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    roleId: integer()
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    phoneNumber: text(),
    alternatePhoneNumber: text(),
    profilePictureUrl: text(),
    /** Set for a retailer's own login user (one login user per retailer). */
    retailerId: integer().references(() => retailers.id, { onDelete: 'restrict' }),
    isActive: boolean().notNull().default(true),
    passwordChangedAt: tstz().notNull().defaultNow(),
    lastLoginAt: tstz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(email)`),
    uniqueIndex('users_retailer_id_unique')
      .on(t.retailerId)
      .where(sql`retailer_id is not null`),
    index('users_role_id_idx').on(t.roleId),
  ],
);

export const salesExecutiveRetailers = pgTable(
  'sales_executive_retailers',
  {
    salesExecutiveUserId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    retailerId: integer()
      .notNull()
      .references(() => retailers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.salesExecutiveUserId, t.retailerId] }),
    index('sales_executive_retailers_retailer_id_idx').on(t.retailerId),
  ],
);

export const shippingAddresses = pgTable(
  'shipping_addresses',
  {
    id: serial().primaryKey(),
    retailerId: integer()
      .notNull()
      .references(() => retailers.id, { onDelete: 'cascade' }),
    firstName: text().notNull(),
    lastName: text().notNull().default(''),
    address: text().notNull(),
    cityId: integer()
      .notNull()
      .references(() => cities.id, { onDelete: 'restrict' }),
    stateId: integer()
      .notNull()
      .references(() => states.id, { onDelete: 'restrict' }),
    countryId: integer()
      .notNull()
      .references(() => countries.id, { onDelete: 'restrict' }),
    pin: text().notNull(),
    phone: text().notNull(),
    enValue: text(),
    isDefault: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('shipping_addresses_retailer_id_idx').on(t.retailerId),
    uniqueIndex('shipping_addresses_one_default')
      .on(t.retailerId)
      .where(sql`is_default`),
    check('shipping_addresses_pin_format', sql`pin ~ '^[1-9][0-9]{5}$'`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 hex of the opaque bearer token; the token itself is never stored. */
    tokenHash: text().notNull().unique(),
    rememberMe: boolean().notNull().default(false),
    createdAt: createdAt(),
    expiresAt: tstz().notNull(),
    revokedAt: tstz(),
    lastUsedAt: tstz(),
    userAgent: text(),
    ip: text(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    /** e.g. 'user:<lower email>' or 'ip:<addr>' */
    key: text().notNull(),
    attemptedAt: tstz().notNull().defaultNow(),
    succeeded: boolean().notNull().default(false),
  },
  (t) => [index('login_attempts_key_attempted_at_idx').on(t.key, t.attemptedAt)],
);

/**
 * Sign-in throttle counters, one row per key: 'user:<lower email>', 'ip:<addr>' or
 * 'pair:<lower email>|<addr>'. An attempt is counted with one atomic upsert BEFORE the password
 * is verified, so parallel attempts cannot all slip under the limit; the window restarts when
 * it has run out.
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text().primaryKey(),
  windowStartedAt: tstz().notNull(),
  attempts: integer().notNull().default(0),
  updatedAt: tstz().notNull().defaultNow(),
});

/** Addresses a user has signed in from successfully: they pass an account-wide lock (not their pair limit). */
export const loginKnownAddresses = pgTable(
  'login_known_addresses',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text().notNull(),
    lastSucceededAt: tstz().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ip] })],
);

/** A pending change of sign-in email: applied only when the link mailed to the new address is opened. */
export const emailChangeRequests = pgTable(
  'email_change_requests',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text().notNull(),
    /** sha256 hex of the token in the confirmation link; the token itself is never stored. */
    tokenHash: text().notNull().unique(),
    expiresAt: tstz().notNull(),
    usedAt: tstz(),
    cancelledAt: tstz(),
    createdAt: createdAt(),
  },
  (t) => [index('email_change_requests_user_id_idx').on(t.userId)],
);

export const PASSWORD_TOKEN_PURPOSES = ['reset', 'welcome'] as const;

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'reset': forgot password (short-lived); 'welcome': set a first password after approval (longer-lived). */
    purpose: text({ enum: PASSWORD_TOKEN_PURPOSES }).notNull().default('reset'),
    tokenHash: text().notNull().unique(),
    expiresAt: tstz().notNull(),
    usedAt: tstz(),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);

export type Role = typeof roles.$inferSelect;
export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Retailer = typeof retailers.$inferSelect;
export type NewRetailer = typeof retailers.$inferInsert;
export type ShippingAddress = typeof shippingAddresses.$inferSelect;
export type NewShippingAddress = typeof shippingAddresses.$inferInsert;
export type Session = typeof sessions.$inferSelect;
