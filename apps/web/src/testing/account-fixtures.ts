import type { Banner, RetailerListItem, UserProfile } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { emailChangeMessages } from '@frameport/domain/messages/email-change';
import { resetMessages } from '@frameport/domain/messages/reset-password';
import { vi } from 'vitest';
import { userProfile } from './fixtures.ts';
import { jsonResponse } from './render-app.tsx';

/** A fake server for the account calls (profile, passwords, login banners); tests only. */

export const CURRENT_PASSWORD = 'Current@123';
export const VALID_RESET_TOKEN = 'valid-token';
/** A new retailer's welcome link (issue 18): valid, purpose 'welcome'. */
export const WELCOME_TOKEN = 'welcome-token-7d';
export const RESET_DONE_MESSAGE = 'Your password has been reset.';
export const VALID_EMAIL_TOKEN = 'email-token';
export const NEW_EMAIL = 'asha.new@vermaopticals.in';

export type FakeAccount = {
  /** By the `email` query parameter; '' is the signed-in user's own profile. */
  profiles?: Record<string, UserProfile | 'fail'>;
  /** What updateUserProfile answers when the body is accepted; a string is a failure envelope. */
  updateFailure?: string;
  /** How resetPassword answers: 'ok', the invalid-token failure, or any other failure. */
  reset?: 'ok' | 'invalid-token' | 'fail';
  loginBanners?: Banner[] | 'fail';
  retailers?: RetailerListItem[];
  /** How confirmEmailChange answers VALID_EMAIL_TOKEN (other tokens: the invalid-link failure). */
  confirmEmail?: 'kept' | 'signed-out' | 'expired' | 'network';
};

const ok = (Data: unknown) => jsonResponse({ Status: 0, Error: null, Data });
const failure = (message: string, status = 400) =>
  jsonResponse({ Status: 1, Error: { Message: message, StackTrace: null }, Data: null }, status);

function bodyOf(init: RequestInit | undefined): Record<string, unknown> {
  return typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
}

/** The answer to an account call, or null when `url` is not one. */
function answer(data: FakeAccount, profiles: Record<string, UserProfile | 'fail'>, url: URL, init: RequestInit | undefined): Response | null {
  switch (url.pathname) {
    case '/api/Account/getUserProfile': {
      const profile = profiles[url.searchParams.get('email') ?? ''];
      if (profile === undefined) return failure('User not found.', 404);
      return profile === 'fail' ? failure('Something went wrong. Please try again.', 500) : ok(profile);
    }
    case '/api/Account/updateUserProfile': {
      if (data.updateFailure !== undefined) return failure(data.updateFailure);
      const body = bodyOf(init);
      const key = typeof body.Email === 'string' ? body.Email : '';
      const before = profiles[key];
      if (before === undefined || before === 'fail') return failure('User not found.', 404);
      const after: UserProfile = {
        ...before,
        Name: String(body.name),
        PhoneNumber: String(body.phoneNumber),
        AlternatePhoneNumber: body.alternatePhoneNumber ? String(body.alternatePhoneNumber) : null,
        Email: String(body.email),
        ProfilePictureUrl: typeof body.profilePicture === 'string' ? '/media/profiles/7.webp' : before.ProfilePictureUrl,
      };
      profiles[key] = after;
      return ok({ message: messages.profile.updated, profile: after });
    }
    case '/api/Account/ChangePassword':
      return bodyOf(init).CurrentPassword === CURRENT_PASSWORD
        ? ok({ result: true, message: messages.password.changed })
        : failure(messages.password.wrongCurrent);
    case '/api/Account/forgotPassword':
      return ok({ message: messages.forgotPassword.sent });
    case '/api/Account/validateToken': {
      const token = bodyOf(init).Token;
      const purpose = token === VALID_RESET_TOKEN ? 'reset' : token === WELCOME_TOKEN ? 'welcome' : null;
      return ok({ result: purpose !== null, purpose });
    }
    case '/api/Account/resetPassword': {
      const reset = data.reset ?? 'ok';
      if (reset === 'ok') return ok({ result: true, message: RESET_DONE_MESSAGE });
      return reset === 'invalid-token' ? failure(resetMessages.invalidToken) : failure('Something went wrong. Please try again.', 500);
    }
    case '/api/Account/ChangeEmail': {
      const body = bodyOf(init);
      if (body.CurrentPassword !== CURRENT_PASSWORD) return failure(messages.password.wrongCurrent);
      return ok({ message: emailChangeMessages.requested(String(body.NewEmail)) });
    }
    case '/api/Account/confirmEmailChange': {
      const outcome = data.confirmEmail ?? 'kept';
      if (bodyOf(init).token !== VALID_EMAIL_TOKEN) return failure(emailChangeMessages.linkInvalid);
      // What fetch does when no answer comes.
      if (outcome === 'network') throw new TypeError('Failed to fetch');
      if (outcome === 'expired') return failure(emailChangeMessages.linkExpired);
      return ok({ message: emailChangeMessages.confirmed(NEW_EMAIL), email: NEW_EMAIL, sessionKept: outcome === 'kept' });
    }
    case '/api/Account/getLoginBanners':
      return data.loginBanners === 'fail' ? failure('Something went wrong. Please try again.', 500) : ok({ banners: data.loginBanners ?? [] });
    case '/api/Account/getRetailersList':
      return ok(data.retailers ?? []);
    default:
      return null;
  }
}

/**
 * `fetch` answering the account calls; anything else goes to `others` (another fake server's
 * spy, e.g. fakeOrdersServer's) or is a 404 envelope.
 */
type FetchSpy = ReturnType<typeof spyOnFetch>;
function spyOnFetch() {
  return vi.spyOn(globalThis, 'fetch');
}

export function fakeAccountServer(data: FakeAccount = {}, others?: FetchSpy): FetchSpy {
  const fallback = others?.getMockImplementation();
  // Copied: an update changes what later reads answer, as on the server.
  const profiles = { ...(data.profiles ?? { '': userProfile() }) };
  const spy = others ?? spyOnFetch();
  spy.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    return answer(data, profiles, url, init) ?? (fallback ? fallback(input, init) : failure('Not found', 404));
  });
  return spy;
}

/** The JSON bodies sent to `path`, in order. */
export function bodiesSentTo(fetchSpy: FetchSpy, path: string): unknown[] {
  return fetchSpy.mock.calls
    .filter(([input]) => new URL(String(input), 'http://localhost').pathname === path)
    .map(([, init]) => bodyOf(init));
}
