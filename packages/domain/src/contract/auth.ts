import { z } from 'zod/mini';
import { text } from './text.ts';
import { actingEmail, dbId, rupees } from './primitives.ts';
import { LOGIN_PASSWORD_MAX } from '../validation.ts';

/**
 * POST /token: OAuth2 password grant, form body (spec section 7).
 * Missing or oversized fields are answered by the route with `{error, error_description}`.
 */
export const TokenRequestSchema = z.object({
  grant_type: z.optional(text().check(z.maxLength(32))),
  username: z.optional(text().check(z.maxLength(320))),
  password: z.optional(text().check(z.maxLength(LOGIN_PASSWORD_MAX * 4))),
  /** 'true' | 'on' | '1' keeps the session 30 days instead of 1. */
  remember_me: z.optional(text().check(z.maxLength(8))),
});
export type TokenRequest = z.infer<typeof TokenRequestSchema>;

export const TokenResponseSchema = z.object({
  access_token: text(),
  token_type: z.literal('bearer'),
  expires_in: z.number().check(z.int()),
  userName: text(),
  '.issued': text(),
  '.expires': text(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

export const TokenErrorSchema = z.object({
  error: text(),
  error_description: text(),
});
export type TokenError = z.infer<typeof TokenErrorSchema>;

/** POST /api/admin/accounts/:userId/unlock (admin): forgets every sign-in counter of the account. */
export const UnlockSignInParamsSchema = z.object({ userId: dbId });
export const UnlockSignInResultSchema = z.object({
  message: text(),
  UserId: z.number().check(z.int()),
  Email: text(),
  /** The counters forgotten: the account's own, its pairs with each address, its reset requests. */
  countersCleared: z.number().check(z.int()),
});
export type UnlockSignInResult = z.infer<typeof UnlockSignInResultSchema>;

export const ROLE_NAMES = {
  retailer: 'Retailer',
  salesexecutive: 'Sales Executive',
  admin: 'Admin',
  warehouse: 'Warehouse',
  accounts: 'Accounts',
} as const;
export type Role = keyof typeof ROLE_NAMES;

/**
 * The distributor's staff, who work in the back office (/admin): `admin` everything, `warehouse`
 * orders and shipments (no credit override, no prices), `accounts` credit, holds, overrides,
 * invoices and payments (no dispatch).
 */
export const STAFF_ROLES = ['admin', 'warehouse', 'accounts'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];
export const isStaffRole = (role: string): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role);

/** RoleName lower-cased with spaces removed (spec section 6): 'Sales Executive' → 'salesexecutive'. */
export function normaliseRole(roleName: string): string {
  return roleName.toLowerCase().replace(/\s+/g, '');
}

export const ShippingAddressSchema = z.object({
  ShippingAddressId: z.number().check(z.int()),
  Address: text(),
  City: text(),
  CountryName: text(),
  StateName: text(),
  Pin: text(),
  FirstName: text(),
  LastName: text(),
  EnValue: z.nullable(text()),
  Phone: text(),
  CountryId: z.number().check(z.int()),
  StateMasterId: z.number().check(z.int()),
});
export type ShippingAddress = z.infer<typeof ShippingAddressSchema>;

/** Spec section 3, UserProfile. Money limits are rupees on the wire. */
export const UserProfileSchema = z.object({
  BusinessName: z.nullable(text()),
  UserId: z.number().check(z.int()),
  RetailerID: z.nullable(z.number().check(z.int())),
  UserName: text(),
  Name: text(),
  PhoneNumber: z.nullable(text()),
  AlternatePhoneNumber: z.nullable(text()),
  Email: text(),
  Address: z.nullable(text()),
  City: z.nullable(text()),
  StateId: z.nullable(z.number().check(z.int())),
  StateName: z.nullable(text()),
  CountryId: z.nullable(z.number().check(z.int())),
  CountryName: z.nullable(text()),
  PinCode: z.nullable(text()),
  ProfilePictureUrl: z.nullable(text()),
  PAN: z.nullable(text()),
  GSTIN: z.nullable(text()),
  RoleID: z.number().check(z.int()),
  RoleName: text(),
  shippingAddressResponse: z.array(ShippingAddressSchema),
  MaxLimitPerVariant: z.nullable(z.number().check(z.int())),
  MaxOrderQuantity: z.nullable(z.number().check(z.int())),
  MaxOrderValue: z.nullable(rupees),
});
export type UserProfile = z.infer<typeof UserProfileSchema>;

export const UserProfileQuerySchema = z.object({
  email: actingEmail,
});

export const LogoutResponseSchema = z.object({ message: text() });
