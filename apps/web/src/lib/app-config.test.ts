import { CATALOGUE_PAGE_SIZE } from '@frameport/domain/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client.ts';
import { startSession } from './session.ts';
import {
  appConfigOf,
  CONFIG_COOKIE_MAX_AGE_SECONDS,
  configQueries,
  readConfigCookie,
  writeConfigCookie,
} from './app-config.ts';
import { jsonResponse } from '../testing/render-app.tsx';

const ENTRIES = [
  { ConfigKey: 'CatalogPageSize', ConfigValue: '20' },
  { ConfigKey: 'CartExpiryHours', ConfigValue: '24' },
  { ConfigKey: 'LensLoginUrl', ConfigValue: 'https://lens.frameport.test/login' },
];

function fakeConfigServer(entries = ENTRIES) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
    String(input) === '/api/Product/getConfig'
      ? jsonResponse({ Status: 0, Error: null, Data: entries })
      : jsonResponse({ Status: 1, Error: { Message: 'Not found', StackTrace: null }, Data: null }, 404),
  );
}

function configCalls(fetchSpy: ReturnType<typeof fakeConfigServer>) {
  return fetchSpy.mock.calls.filter(([input]) => String(input) === '/api/Product/getConfig').length;
}

afterEach(() => {
  document.cookie = 'config=; Max-Age=0; Path=/';
});

describe('the config cookie', () => {
  it('is named config and kept for one day, on the whole site', () => {
    const written: string[] = [];
    const setter = vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => void written.push(value));
    writeConfigCookie(ENTRIES);
    setter.mockRestore();

    expect(CONFIG_COOKIE_MAX_AGE_SECONDS).toBe(86_400);
    expect(written).toHaveLength(1);
    const [pair, ...attributes] = written[0]!.split('; ');
    expect(pair!.startsWith('config=')).toBe(true);
    expect(attributes).toEqual(['Max-Age=86400', 'Path=/', 'SameSite=Lax']);
  });

  it('reads back what was written, and nothing from a missing or mangled cookie', () => {
    expect(readConfigCookie()).toBeNull();
    writeConfigCookie(ENTRIES);
    expect(readConfigCookie()).toEqual(ENTRIES);
    expect(readConfigCookie('other=1; config=%7Bnot json')).toBeNull();
    expect(readConfigCookie('config=%5B1%2C2%5D')).toBeNull();
  });

  it('keeps only the entries the app reads when the list is too long for one cookie', () => {
    const long = [...ENTRIES, ...Array.from({ length: 60 }, (_, i) => ({ ConfigKey: `Extra${i}`, ConfigValue: 'x'.repeat(60) }))];
    writeConfigCookie(long);
    expect(readConfigCookie()).toEqual(ENTRIES);
  });
});

describe('getConfig through the cookie', () => {
  function signedInClient() {
    startSession({ accessToken: 'token-abc', expiresAt: Date.now() + 60_000, userName: 'asha@vermaopticals.in', rememberMe: false });
    return createQueryClient();
  }

  it('asks the server once when there is no cookie, then keeps its answer in the cookie', async () => {
    const fetchSpy = fakeConfigServer();
    expect(await signedInClient().fetchQuery(configQueries.all())).toEqual(ENTRIES);
    expect(configCalls(fetchSpy)).toBe(1);
    expect(readConfigCookie()).toEqual(ENTRIES);

    // The next page (a new query cache) reads the cookie and calls nobody.
    expect(await signedInClient().fetchQuery(configQueries.all())).toEqual(ENTRIES);
    expect(configCalls(fetchSpy)).toBe(1);
  });

  it('uses a cookie already there without calling the server', async () => {
    writeConfigCookie([{ ConfigKey: 'CatalogPageSize', ConfigValue: '28' }]);
    const fetchSpy = fakeConfigServer();
    expect(appConfigOf(await signedInClient().fetchQuery(configQueries.all())).catalogPageSize).toBe(28);
    expect(configCalls(fetchSpy)).toBe(0);
  });
});

describe('appConfigOf', () => {
  it('takes the page size and the lens login page from the entries', () => {
    expect(appConfigOf(ENTRIES)).toEqual({ catalogPageSize: 20, lensLoginUrl: 'https://lens.frameport.test/login' });
  });

  it('falls back to the built-in page size and no lens link while loading or for unusable values', () => {
    const fallback = { catalogPageSize: CATALOGUE_PAGE_SIZE, lensLoginUrl: null };
    expect(appConfigOf(undefined)).toEqual(fallback);
    expect(appConfigOf([])).toEqual(fallback);
    for (const [size, url] of [
      ['0', 'javascript:alert(1)'],
      ['101', 'not a url'],
      ['14.5', ''],
      ['-3', 'ftp://lens.frameport.test'],
    ]) {
      expect(
        appConfigOf([
          { ConfigKey: 'CatalogPageSize', ConfigValue: size! },
          { ConfigKey: 'LensLoginUrl', ConfigValue: url! },
        ]),
      ).toEqual(fallback);
    }
  });
});
