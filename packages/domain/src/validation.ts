import { z } from 'zod';
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
  email: z
    .string()
    .trim()
    .min(1, messages.login.emailRequired)
    .refine(isValidEmail, messages.login.emailInvalid),
  password: z
    .string()
    .trim()
    .min(1, messages.login.passwordRequired)
    .min(LOGIN_PASSWORD_MIN, messages.login.passwordLength)
    .max(LOGIN_PASSWORD_MAX, messages.login.passwordLength),
  rememberMe: z.boolean(),
});
export type LoginForm = z.infer<typeof LoginFormSchema>;
