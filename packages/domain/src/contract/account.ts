import { z } from 'zod/mini';
import { text } from './text.ts';
import { actingEmailBody, dbId } from './primitives.ts';
import { EMAIL_MAX_LENGTH, LOGIN_PASSWORD_MAX } from '../validation.ts';
import { UserProfileSchema } from './auth.ts';

/**
 * Account calls of spec section 7 beyond sign-in (see auth.ts for /token, the profile shape and logout).
 * Failures use the usual envelope (Status 1, Error.Message); the success shapes are below.
 */

/** POST /api/Account/updateUserProfile. Only these fields can change; the server applies ProfileContactSchema. */
export const UpdateUserProfileBodySchema = z.object({
  name: text().check(z.maxLength(120)),
  phoneNumber: text().check(z.maxLength(20)),
  alternatePhoneNumber: z.nullish(text().check(z.maxLength(20))),
  email: text().check(z.maxLength(EMAIL_MAX_LENGTH)),
  /**
   * A new picture as base64 text, bare or as a data: URL (PNG, JPEG or WebP, decoded at most
   * PROFILE_PICTURE_MAX_BYTES). Omitted or null keeps the current picture; '' removes it.
   */
  profilePicture: z.nullish(text().check(z.maxLength(4_000_000))),
  /** A sales executive editing a linked retailer's profile. */
  Email: actingEmailBody,
});
export type UpdateUserProfileBody = z.infer<typeof UpdateUserProfileBodySchema>;
export const PROFILE_PICTURE_MAX_BYTES = 2 * 1024 * 1024;
/** Success: 'Profile Updated Successfully' and the profile as it now is. */
export const UpdateUserProfileResponseSchema = z.object({ message: text(), profile: UserProfileSchema });

/** Geography lists (spec section 3): read-only on the profile, used to show the address. */
export const CountrySchema = z.object({ CountryId: z.number().check(z.int()), CountryCode: text(), CountryName: text() });
export const StateSchema = z.object({
  StateID: z.number().check(z.int()),
  CountryId: z.number().check(z.int()),
  StateCode: text(),
  StateName: text(),
  /** The GST state code ('36' Telangana). */
  TIN: text(),
});
export const CitySchema = z.object({
  CityMasterID: z.number().check(z.int()),
  StateMasterID: z.number().check(z.int()),
  CityCode: text(),
  CityName: text(),
});
export type Country = z.infer<typeof CountrySchema>;
export type State = z.infer<typeof StateSchema>;
export type City = z.infer<typeof CitySchema>;
export const StatesQuerySchema = z.object({ countryId: dbId });
export const CitiesQuerySchema = z.object({ stateId: dbId });

/**
 * POST /api/Account/ChangePassword. A missing current password is 'Required', a wrong one
 * 'Please Enter Valid Current Password' (failure envelopes), so missing fields default to ''.
 */
export const ChangePasswordBodySchema = z.object({
  CurrentPassword: z._default(text().check(z.maxLength(LOGIN_PASSWORD_MAX * 4)), ''),
  NewPassword: z._default(text().check(z.maxLength(LOGIN_PASSWORD_MAX * 4)), ''),
});
export const PasswordResultSchema = z.object({ result: z.boolean(), message: text() });
export type PasswordResult = z.infer<typeof PasswordResultSchema>;

/** POST /api/Account/forgotPassword (public): the same answer for every well-formed email. */
export const ForgotPasswordBodySchema = z.object({ email: text().check(z.maxLength(EMAIL_MAX_LENGTH)) });
export const MessageResultSchema = z.object({ message: text() });

/** POST /api/Account/validateToken (public): result false for unknown, used or expired tokens. */
export const ValidateTokenBodySchema = z.object({ Token: z._default(text().check(z.maxLength(200)), '') });
export const TokenValidityResultSchema = z.object({
  result: z.boolean(),
  /**
   * Our addition: 'welcome' for the link a new retailer's user gets on approval ("Set your password"),
   * 'reset' for a forgotten password; null when the token is not valid.
   */
  purpose: z.optional(z.nullable(z.enum(['reset', 'welcome']))),
});

/**
 * POST /api/Account/resetPassword (public). Success: { result: true, message }. An unknown, used or
 * expired token is a failure envelope with the spec's invalid-token text; a weak password names the
 * unmet rules ('Password must have: ...').
 */
export const ResetPasswordBodySchema = z.object({
  token: z._default(text().check(z.maxLength(200)), ''),
  newPassword: z._default(text().check(z.maxLength(LOGIN_PASSWORD_MAX * 4)), ''),
});

/**
 * GET /api/Account/getRetailersList: the active retailers linked to the sales executive (an admin
 * sees every active retailer), sorted by business name. Names are the retailer's contact fields.
 */
export const RetailerListItemSchema = z.object({
  Id: z.number().check(z.int()),
  BusinessName: text(),
  FirstName: text(),
  LastName: text(),
  Email: text(),
  /** Where the retailer is, so the executive can tell two branches of one business apart. */
  City: z.nullable(text()),
  StateName: z.nullable(text()),
});
export type RetailerListItem = z.infer<typeof RetailerListItemSchema>;

/** The reset link's lifetime. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** A new retailer's welcome link (set a first password) lives 7 days, once. */
export const WELCOME_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * POST /api/Account/ChangeEmail: asks to change the caller's sign-in email. Nothing changes yet:
 * a confirmation link goes to the new address and a notice to the current one. A missing field
 * defaults to '' so it is answered with its own message, like ChangePassword.
 */
export const ChangeEmailBodySchema = z.object({
  NewEmail: z._default(text().check(z.maxLength(EMAIL_MAX_LENGTH)), ''),
  CurrentPassword: z._default(text().check(z.maxLength(LOGIN_PASSWORD_MAX * 4)), ''),
});
export type ChangeEmailBody = z.infer<typeof ChangeEmailBodySchema>;

/**
 * POST /api/Account/confirmEmailChange (public, from the mailed link): the sign-in email becomes
 * the new one, once. Every session of the account ends except the one opening the link, when that
 * browser is signed in to the same account (`sessionKept`). An unknown, used, cancelled or
 * expired link is a failure envelope saying which.
 */
export const ConfirmEmailChangeBodySchema = z.object({ token: z._default(text().check(z.maxLength(200)), '') });
export const ConfirmEmailChangeResultSchema = z.object({
  message: text(),
  /** The sign-in email as it now is. */
  email: text(),
  sessionKept: z.boolean(),
});
export type ConfirmEmailChangeResult = z.infer<typeof ConfirmEmailChangeResultSchema>;

/** The email-change link's lifetime. */
export const EMAIL_CHANGE_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
