import {
  CATALOGUE_PAGE_SIZE,
  CONFIG_KEYS,
  ConfigResponseSchema,
  MAX_PAGE_SIZE,
  type ConfigEntry,
} from '@frameport/domain/contract/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiFetch } from './api-client.ts';

/**
 * GET /api/Product/getConfig, kept in a cookie named `config` for 1 day (spec sections 7 and 9):
 * a signed-in page reads the cookie and calls the server only when there is none (or it cannot be
 * read). The values the screens use come out of it through `useAppConfig()`, each with the built-in
 * constant as its fallback while the call is under way or when it fails, so no screen waits for it.
 * (The cart's lifetime reaches the purchase order in the cart's own ExpiryNotice, from the server.)
 */

export const CONFIG_COOKIE = 'config';
/** Spec section 9: "Config cookie 1 day". */
export const CONFIG_COOKIE_MAX_AGE_SECONDS = 24 * 60 * 60;
/** Below the 4,096 bytes a browser keeps for one cookie, with room for its name and attributes. */
const COOKIE_VALUE_MAX = 3_800;

/** The cookie holds the entries as one JSON object, key → value. */
const CookieValueSchema = z.record(z.string(), z.string());

function toEntries(record: Record<string, string>): ConfigEntry[] {
  return Object.entries(record).map(([ConfigKey, ConfigValue]) => ({ ConfigKey, ConfigValue }));
}

/** The config kept in the cookie, or null when there is none or it cannot be read. */
export function readConfigCookie(cookies: string = document.cookie): ConfigEntry[] | null {
  const prefix = `${CONFIG_COOKIE}=`;
  const raw = cookies
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
  if (!raw) return null;
  try {
    const parsed = CookieValueSchema.safeParse(JSON.parse(decodeURIComponent(raw)));
    return parsed.success ? toEntries(parsed.data) : null;
  } catch {
    return null;
  }
}

/**
 * Keeps `entries` in the cookie for a day. A list too long for one cookie keeps only the entries
 * this app reads; a browser refusing cookies just means the next page asks the server again.
 */
export function writeConfigCookie(entries: readonly ConfigEntry[]): void {
  const all = Object.fromEntries(entries.map((entry) => [entry.ConfigKey, entry.ConfigValue]));
  let value = encodeURIComponent(JSON.stringify(all));
  if (value.length > COOKIE_VALUE_MAX) {
    const read = new Set<string>(Object.values(CONFIG_KEYS));
    value = encodeURIComponent(JSON.stringify(Object.fromEntries(Object.entries(all).filter(([key]) => read.has(key)))));
  }
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONFIG_COOKIE}=${value}; Max-Age=${CONFIG_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
}

export const configQueries = {
  all: () =>
    queryOptions({
      queryKey: ['config'] as const,
      queryFn: async ({ signal }) => {
        const kept = readConfigCookie();
        if (kept) return kept;
        const entries = await apiFetch('/api/Product/getConfig', { schema: ConfigResponseSchema, signal });
        writeConfigCookie(entries);
        return entries;
      },
      // The cookie's day: a page open longer reads it again (by then the cookie is gone, so the server).
      staleTime: CONFIG_COOKIE_MAX_AGE_SECONDS * 1000,
      // A failed call falls back to the constants at once; the next page tries again.
      retry: false,
    }),
};

export type AppConfig = {
  /** Products per catalogue page (getAll's pageSize and the page count). */
  catalogPageSize: number;
  /** The separate lens product's login page; null when the deployment has none. */
  lensLoginUrl: string | null;
};

function wholeNumber(value: string | undefined, min: number, max: number): number | null {
  if (value === undefined || !/^\d{1,6}$/.test(value.trim())) return null;
  const number = Number(value);
  return number >= min && number <= max ? number : null;
}

function webAddress(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The screens' values from getConfig's entries; a missing or unusable value is the built-in constant. */
export function appConfigOf(entries: readonly ConfigEntry[] | undefined): AppConfig {
  const valueOf = (key: string) => entries?.find((entry) => entry.ConfigKey === key)?.ConfigValue;
  return {
    catalogPageSize: wholeNumber(valueOf(CONFIG_KEYS.catalogPageSize), 1, MAX_PAGE_SIZE) ?? CATALOGUE_PAGE_SIZE,
    lensLoginUrl: webAddress(valueOf(CONFIG_KEYS.lensLoginUrl)),
  };
}

/** getConfig's values for a signed-in screen (getConfig needs a session), constants until it answers. */
export function useAppConfig(): AppConfig {
  const config = useQuery(configQueries.all());
  return appConfigOf(config.data);
}
