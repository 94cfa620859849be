import { z } from 'zod';
import { LOGIN_PASSWORD_MAX } from '../validation.ts';

/**
 * POST /token: OAuth2 password grant, form body (spec section 7).
 * Missing or oversized fields are answered by the route with `{error, error_description}`.
 */
export const TokenRequestSchema = z.object({
  grant_type: z.string().max(32).optional(),
  username: z.string().max(320).optional(),
  password: z.string().max(LOGIN_PASSWORD_MAX * 4).optional(),
  /** 'true' | 'on' | '1' keeps the session 30 days instead of 1. */
  remember_me: z.string().max(8).optional(),
});
export type TokenRequest = z.infer<typeof TokenRequestSchema>;

export const TokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  userName: z.string(),
  '.issued': z.string(),
  '.expires': z.string(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

export const TokenErrorSchema = z.object({
  error: z.string(),
  error_description: z.string(),
});
export type TokenError = z.infer<typeof TokenErrorSchema>;

/** POST /api/admin/accounts/:userId/unlock (admin): forgets every sign-in counter of the account. */
export const UnlockSignInParamsSchema = z.object({ userId: z.coerce.number().int().positive().max(2_147_483_647) });
export const UnlockSignInResultSchema = z.object({
  message: z.string(),
  UserId: z.number().int(),
  Email: z.string(),
  /** The counters forgotten: the account's own, its pairs with each address, its reset requests. */
  countersCleared: z.number().int(),
});
export type UnlockSignInResult = z.infer<typeof UnlockSignInResultSchema>;

export const ROLE_NAMES = {
  retailer: 'Retailer',
  salesexecutive: 'Sales Executive',
  admin: 'Admin',
} as const;
export type Role = keyof typeof ROLE_NAMES;

/** RoleName lower-cased with spaces removed (spec section 6): 'Sales Executive' → 'salesexecutive'. */
export function normaliseRole(roleName: string): string {
  return roleName.toLowerCase().replace(/\s+/g, '');
}

export const ShippingAddressSchema = z.object({
  ShippingAddressId: z.number().int(),
  Address: z.string(),
  City: z.string(),
  CountryName: z.string(),
  StateName: z.string(),
  Pin: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  EnValue: z.string().nullable(),
  Phone: z.string(),
  CountryId: z.number().int(),
  StateMasterId: z.number().int(),
});
export type ShippingAddress = z.infer<typeof ShippingAddressSchema>;

/** Spec section 3, UserProfile. Money limits are rupees on the wire. */
export const UserProfileSchema = z.object({
  BusinessName: z.string().nullable(),
  UserId: z.number().int(),
  RetailerID: z.number().int().nullable(),
  UserName: z.string(),
  Name: z.string(),
  PhoneNumber: z.string().nullable(),
  AlternatePhoneNumber: z.string().nullable(),
  Email: z.string(),
  Address: z.string().nullable(),
  City: z.string().nullable(),
  StateId: z.number().int().nullable(),
  StateName: z.string().nullable(),
  CountryId: z.number().int().nullable(),
  CountryName: z.string().nullable(),
  PinCode: z.string().nullable(),
  ProfilePictureUrl: z.string().nullable(),
  PAN: z.string().nullable(),
  GSTIN: z.string().nullable(),
  RoleID: z.number().int(),
  RoleName: z.string(),
  shippingAddressResponse: z.array(ShippingAddressSchema),
  MaxLimitPerVariant: z.number().int().nullable(),
  MaxOrderQuantity: z.number().int().nullable(),
  MaxOrderValue: z.number().nullable(),
});
export type UserProfile = z.infer<typeof UserProfileSchema>;

export const UserProfileQuerySchema = z.object({
  email: z.string().trim().max(254).optional(),
});

export const LogoutResponseSchema = z.object({ message: z.string() });
