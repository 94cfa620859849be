import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { z } from 'zod/mini';
import {
  ChangePasswordFormSchema,
  ResetPasswordFormSchema,
  ForgotPasswordFormSchema,
  isValidPhone,
  LoginFormSchema,
  NewPasswordSchema,
  normalisePhone,
  PASSWORD_MIN_LENGTH,
  PASSWORD_SPECIALS,
  passwordProblems,
  PHONE_PATTERN,
  ProfileContactSchema,
} from './validation.ts';

/** The first message per field, as a form shows it ('' for the root). */
function firstMessages(result: z.core.util.SafeParseResult<unknown>): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.join('.');
    found[key] ??= issue.message;
  }
  return found;
}

describe('LoginFormSchema', () => {
  const valid = { email: 'shop@example.in', password: 'secret12', rememberMe: false };

  it('accepts and trims a valid sign-in', () => {
    const result = LoginFormSchema.safeParse({ ...valid, email: '  shop@example.in ', password: ' secret12 ' });
    expect(result.success && result.data).toEqual({ email: 'shop@example.in', password: 'secret12', rememberMe: false });
  });

  it('asks for the email first when it is empty or blank', () => {
    expect(firstMessages(LoginFormSchema.safeParse({ ...valid, email: '' })).email).toBe('Please enter Email');
    expect(firstMessages(LoginFormSchema.safeParse({ ...valid, email: '   ' })).email).toBe('Please enter Email');
  });

  it('rejects a malformed email', () => {
    for (const email of ['shop', 'shop@example', 'shop@example.i', 'a b@example.in', 'shop@@example.in']) {
      expect(firstMessages(LoginFormSchema.safeParse({ ...valid, email })).email).toBe('Invalid email address');
    }
  });

  it('asks for the password when it is empty or blank', () => {
    expect(firstMessages(LoginFormSchema.safeParse({ ...valid, password: '' })).password).toBe('Please enter password');
    expect(firstMessages(LoginFormSchema.safeParse({ ...valid, password: '   ' })).password).toBe('Please enter password');
  });

  it('rejects a password outside the length bounds', () => {
    expect(firstMessages(LoginFormSchema.safeParse({ ...valid, password: '12345' })).password).toBe(
      'Password must be between 6 and 128 characters',
    );
    expect(LoginFormSchema.safeParse({ ...valid, password: 'x'.repeat(129) }).success).toBe(false);
    expect(LoginFormSchema.safeParse({ ...valid, password: 'x'.repeat(128) }).success).toBe(true);
  });
});

describe('normalisePhone', () => {
  it('accepts 10 digits starting 6 to 9', () => {
    expect(normalisePhone('9876543210')).toBe('9876543210');
    expect(normalisePhone('7000000000')).toBe('7000000000');
    expect(normalisePhone('8123456789')).toBe('8123456789');
    expect(normalisePhone('6300000000')).toBe('6300000000');
  });

  it('strips spaces, hyphens and a leading +91, 91 or 0', () => {
    expect(normalisePhone('98765 43210')).toBe('9876543210');
    expect(normalisePhone('98765-43210')).toBe('9876543210');
    expect(normalisePhone('+91 98765 43210')).toBe('9876543210');
    expect(normalisePhone('+91-9876543210')).toBe('9876543210');
    expect(normalisePhone('919876543210')).toBe('9876543210');
    expect(normalisePhone('09876543210')).toBe('9876543210');
  });

  it('keeps a 10-digit number that itself starts with 91', () => {
    expect(normalisePhone('9123456789')).toBe('9123456789');
  });

  it('rejects other numbers', () => {
    for (const phone of ['', '5876543210', '987654321', '98765432101', '+1 9876543210', '98765x3210', '0987654321', '+91 5876543210', '(987) 654-3210']) {
      expect(normalisePhone(phone)).toBeNull();
    }
  });

  it('returns only pattern-valid numbers (property)', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const phone = normalisePhone(value);
        return phone === null || PHONE_PATTERN.test(phone);
      }),
    );
  });

  it('recognises any valid number however it is written (property)', () => {
    const number = fc.tuple(fc.constantFrom('6', '7', '8', '9'), fc.stringMatching(/^\d{9}$/)).map(([a, b]) => a + b);
    const prefix = fc.constantFrom('', '+91', '+91 ', '91', '0', '+91-');
    fc.assert(
      fc.property(number, prefix, (digits, lead) => {
        const spaced = `${digits.slice(0, 5)} ${digits.slice(5)}`;
        return normalisePhone(lead + digits) === digits && normalisePhone(lead + spaced) === digits && isValidPhone(digits);
      }),
    );
  });
});

describe('ProfileContactSchema', () => {
  const valid = { name: 'Ravi Kumar', phoneNumber: '9876543210', alternatePhoneNumber: '', email: 'ravi@optics.in' };

  it('accepts valid contact details and normalises phones', () => {
    const result = ProfileContactSchema.safeParse({ ...valid, name: ' Ravi Kumar ', phoneNumber: '+91 98765 43210', alternatePhoneNumber: '071234-56780' });
    expect(result.success && result.data).toEqual({
      name: 'Ravi Kumar',
      phoneNumber: '9876543210',
      alternatePhoneNumber: '7123456780',
      email: 'ravi@optics.in',
    });
  });

  it('allows a missing or empty alternate phone', () => {
    const { alternatePhoneNumber: _unused, ...withoutAlternate } = valid;
    const result = ProfileContactSchema.safeParse(withoutAlternate);
    expect(result.success && result.data.alternatePhoneNumber).toBe('');
    expect(ProfileContactSchema.safeParse({ ...valid, alternatePhoneNumber: '  ' }).success).toBe(true);
  });

  it('requires the contact person’s name', () => {
    expect(firstMessages(ProfileContactSchema.safeParse({ ...valid, name: '  ' })).name).toBe('Please enter contact person’s name');
  });

  it('rejects an invalid phone or alternate phone', () => {
    expect(firstMessages(ProfileContactSchema.safeParse({ ...valid, phoneNumber: '12345' })).phoneNumber).toBe(
      'Please enter a valid phone number',
    );
    expect(firstMessages(ProfileContactSchema.safeParse({ ...valid, phoneNumber: '' })).phoneNumber).toBe(
      'Please enter a valid phone number',
    );
    expect(firstMessages(ProfileContactSchema.safeParse({ ...valid, alternatePhoneNumber: '5555555555' })).alternatePhoneNumber).toBe(
      'Please enter a valid phone number',
    );
  });

  it('requires the alternate phone to differ, however it is written', () => {
    const same = ProfileContactSchema.safeParse({ ...valid, alternatePhoneNumber: '+91 98765-43210' });
    expect(firstMessages(same)).toEqual({ alternatePhoneNumber: 'Please enter a different phone number' });
  });

  it('rejects an invalid email', () => {
    expect(firstMessages(ProfileContactSchema.safeParse({ ...valid, email: 'ravi@optics' })).email).toBe(
      'Please enter a valid email address',
    );
    expect(firstMessages(ProfileContactSchema.safeParse({ ...valid, email: '' })).email).toBe('Please enter a valid email address');
  });
});

describe('passwordProblems', () => {
  it('lists the unmet rules in the spec’s order', () => {
    expect(passwordProblems('')).toEqual(['At least 8 characters', 'At least 1 number', 'At least 1 special character (! @ # $ % ^ & *)']);
    expect(passwordProblems('abcdefgh')).toEqual(['At least 1 number', 'At least 1 special character (! @ # $ % ^ & *)']);
    expect(passwordProblems('abc1!')).toEqual(['At least 8 characters']);
    expect(passwordProblems('abcdefg1')).toEqual(['At least 1 special character (! @ # $ % ^ & *)']);
    expect(passwordProblems('abcdefg!')).toEqual(['At least 1 number']);
    expect(passwordProblems('abcdef1!')).toEqual([]);
  });

  it('accepts each listed special character and nothing else as special', () => {
    for (const special of PASSWORD_SPECIALS) expect(passwordProblems(`abcdef1${special}`)).toEqual([]);
    for (const other of ['-', '_', '?', '(', ' ', '~']) {
      expect(passwordProblems(`abcdef1${other}`)).toEqual(['At least 1 special character (! @ # $ % ^ & *)']);
    }
  });

  it('returns no problem exactly when every rule holds (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (password) => {
        const ok =
          Array.from(password).length >= PASSWORD_MIN_LENGTH &&
          /\d/.test(password) &&
          [...PASSWORD_SPECIALS].some((c) => password.includes(c));
        return (passwordProblems(password).length === 0) === ok;
      }),
    );
  });
});

describe('NewPasswordSchema', () => {
  it('lists what the password must have', () => {
    const result = NewPasswordSchema.safeParse('abcdefgh');
    expect(result.error?.issues[0]?.message).toBe(
      'Password must have: At least 1 number, At least 1 special character (! @ # $ % ^ & *)',
    );
  });

  it('trims, as sign-in does', () => {
    expect(NewPasswordSchema.safeParse('  abcdef1!  ').data).toBe('abcdef1!');
    expect(NewPasswordSchema.safeParse(' abcdef1 ').success).toBe(false);
  });

  it('refuses a password too long to sign in with', () => {
    expect(NewPasswordSchema.safeParse(`1!${'x'.repeat(126)}`).success).toBe(true);
    expect(NewPasswordSchema.safeParse(`1!${'x'.repeat(127)}`).error?.issues[0]?.message).toBe(
      'Password must be between 6 and 128 characters',
    );
  });
});

describe('ResetPasswordFormSchema', () => {
  it('applies the new-password rules and wants the repeat to match', () => {
    expect(ResetPasswordFormSchema.safeParse({ newPassword: 'n3w-secret!', confirmPassword: 'n3w-secret!' }).success).toBe(true);
    expect(firstMessages(ResetPasswordFormSchema.safeParse({ newPassword: 'n3w-secret!', confirmPassword: 'n3w-secret?' }))).toEqual({
      confirmPassword: 'New Passwords do not match',
    });
    expect(ResetPasswordFormSchema.safeParse({ newPassword: 'short', confirmPassword: 'short' }).success).toBe(false);
  });
});

describe('ChangePasswordFormSchema', () => {
  const valid = { CurrentPassword: 'old-secret', NewPassword: 'n3w-secret!', ConfirmPassword: 'n3w-secret!' };

  it('accepts a valid change', () => {
    expect(ChangePasswordFormSchema.safeParse(valid).success).toBe(true);
  });

  it('requires the current password', () => {
    expect(firstMessages(ChangePasswordFormSchema.safeParse({ ...valid, CurrentPassword: ' ' }))).toEqual({ CurrentPassword: 'Required' });
  });

  it('applies the new-password rules', () => {
    const result = ChangePasswordFormSchema.safeParse({ ...valid, NewPassword: 'short', ConfirmPassword: 'short' });
    expect(firstMessages(result).NewPassword).toBe(
      'Password must have: At least 8 characters, At least 1 number, At least 1 special character (! @ # $ % ^ & *)',
    );
  });

  it('requires the repeat to match, reported on ConfirmPassword', () => {
    const result = ChangePasswordFormSchema.safeParse({ ...valid, ConfirmPassword: 'n3w-secret?' });
    expect(firstMessages(result)).toEqual({ ConfirmPassword: 'New Passwords do not match' });
  });
});

describe('ForgotPasswordFormSchema', () => {
  it('accepts and trims a valid email', () => {
    expect(ForgotPasswordFormSchema.safeParse({ email: ' shop@example.in ' }).data).toEqual({ email: 'shop@example.in' });
  });

  it('gives one message at a time: empty, too short, malformed', () => {
    const message = (email: string) => ForgotPasswordFormSchema.safeParse({ email }).error?.issues.map((i) => i.message);
    expect(message('')).toEqual(['Please provide your email ID']);
    expect(message('   ')).toEqual(['Please provide your email ID']);
    expect(message('a')).toEqual(['please provide email id']);
    expect(message('ab')).toEqual(['Please provide valid email address']);
    expect(message('shop@example')).toEqual(['Please provide valid email address']);
  });
});
