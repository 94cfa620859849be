import { z } from 'zod/mini';
import { text } from './contract/text.ts';
import { messages } from './messages.ts';

/** local@domain.suffix, the suffix at least 2 letters (spec section 5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;
export const EMAIL_MAX_LENGTH = 254;

export const LOGIN_PASSWORD_MIN = 6;
export const LOGIN_PASSWORD_MAX = 128;

export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

/** The sign-in form (spec section 5): trimmed values, the spec's messages. */
export const LoginFormSchema = z.object({
  email: text().check(z.trim(), z.minLength(1, messages.login.emailRequired), z.refine(isValidEmail, messages.login.emailInvalid)),
  password: text().check(
    z.trim(),
    z.minLength(1, messages.login.passwordRequired),
    z.minLength(LOGIN_PASSWORD_MIN, messages.login.passwordLength),
    z.maxLength(LOGIN_PASSWORD_MAX, messages.login.passwordLength),
  ),
  rememberMe: z.boolean(),
});
export type LoginForm = z.infer<typeof LoginFormSchema>;

/**
 * An Indian mobile number: 10 digits starting 6, 7, 8 or 9. The spec says 7, 8 or 9; the 6-series
 * is real (domain-india.md §3.4), so it is accepted too.
 */
export const PHONE_PATTERN = /^[6-9][0-9]{9}$/;

/**
 * The 10 digits of a mobile number, or null when it is not one. Spaces and hyphens are dropped,
 * then a leading +91, 91 (only before 10 more digits) or 0 (only before 10 more digits).
 */
export function normalisePhone(value: string): string | null {
  const compact = value.replace(/[\s-]/g, '');
  const digits = compact.startsWith('+91')
    ? compact.slice(3)
    : /^(91|0)\d{10}$/.test(compact)
      ? compact.slice(compact.length - 10)
      : compact;
  return PHONE_PATTERN.test(digits) ? digits : null;
}

export function isValidPhone(value: string): boolean {
  return normalisePhone(value) !== null;
}

/** The editable contact fields of the profile (spec section 5); phones come out as their 10 digits. */
export const ProfileContactSchema = z
  .object({
    name: text().check(z.trim(), z.minLength(1, messages.profile.nameRequired)),
    phoneNumber: z.pipe(
      text().check(z.refine(isValidPhone, messages.profile.phoneInvalid)),
      z.transform((value) => normalisePhone(value) ?? value),
    ),
    alternatePhoneNumber: z.pipe(
      z._default(text().check(z.trim()), '').check(z.refine((value) => value === '' || isValidPhone(value), messages.profile.phoneInvalid)),
      z.transform((value) => (value === '' ? '' : (normalisePhone(value) ?? value))),
    ),
    email: text().check(z.trim(), z.refine(isValidEmail, messages.profile.emailInvalid)),
  })
  .check(
    z.refine((contact) => !samePhone(contact.phoneNumber, contact.alternatePhoneNumber), {
      message: messages.profile.phoneSame,
      path: ['alternatePhoneNumber'],
    }),
  );
export type ProfileContact = z.infer<typeof ProfileContactSchema>;
export type ProfileContactInput = z.input<typeof ProfileContactSchema>;

function samePhone(phone: string, alternate: string): boolean {
  if (alternate.trim() === '') return false;
  return (normalisePhone(phone) ?? phone.trim()) === (normalisePhone(alternate) ?? alternate.trim());
}

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_SPECIALS = '!@#$%^&*';

/** The unmet new-password rules, in the spec's order (empty when the password is acceptable). */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (Array.from(password).length < PASSWORD_MIN_LENGTH) problems.push(messages.password.minLength);
  if (!/[0-9]/.test(password)) problems.push(messages.password.number);
  if (!Array.from(password).some((char) => PASSWORD_SPECIALS.includes(char))) problems.push(messages.password.special);
  return problems;
}

/**
 * A new password (spec section 5). Trimmed, because sign-in trims what is typed: a password kept with
 * its spaces could never be entered again. At most LOGIN_PASSWORD_MAX characters, for the same reason.
 */
export const NewPasswordSchema = text().check(
  z.trim(),
  z.superRefine((password, ctx) => {
    const problems = passwordProblems(password);
    if (problems.length > 0) {
      ctx.addIssue({ code: 'custom', message: `${messages.password.mustHave}: ${problems.join(', ')}` });
    }
  }),
  z.refine((password) => password.length <= LOGIN_PASSWORD_MAX, messages.login.passwordLength),
);

export const ChangePasswordFormSchema = z
  .object({
    CurrentPassword: text().check(z.trim(), z.minLength(1, messages.password.required)),
    NewPassword: NewPasswordSchema,
    ConfirmPassword: text().check(z.trim()),
  })
  .check(
    z.refine((form) => form.NewPassword === form.ConfirmPassword, {
      message: messages.password.mismatch,
      path: ['ConfirmPassword'],
    }),
  );
export type ChangePasswordForm = z.infer<typeof ChangePasswordFormSchema>;

/** /resetpassword (spec section 5): the same new-password rules and repeat as Change Password, no current one. */
export const ResetPasswordFormSchema = z.object({ newPassword: NewPasswordSchema, confirmPassword: text().check(z.trim()) }).check(
  z.refine((form) => form.newPassword === form.confirmPassword, {
    message: messages.password.mismatch,
    path: ['confirmPassword'],
  }),
);
export type ResetPasswordForm = z.infer<typeof ResetPasswordFormSchema>;

/** Forgot password (spec section 5): one message at a time: empty, then too short, then malformed. */
export const ForgotPasswordFormSchema = z.object({
  email: text().check(
    z.trim(),
    z.superRefine((email, ctx) => {
      const message =
        email === ''
          ? messages.forgotPassword.emailRequired
          : email.length <= 1
            ? messages.forgotPassword.emailTooShort
            : isValidEmail(email)
              ? null
              : messages.forgotPassword.emailInvalid;
      if (message !== null) ctx.addIssue({ code: 'custom', message });
    }),
  ),
});
export type ForgotPasswordForm = z.infer<typeof ForgotPasswordFormSchema>;
