import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfigEntry } from '@frameport/domain/contract';
import { config } from '../../db/schema.ts';
import { DEMO_EMAILS, DEMO_PASSWORDS, seedDemo } from '../../db/seed/index.ts';
import { loadConfig } from '../../config.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { loginAs } from '../../test/factories.ts';

/**
 * getConfig as the web app reads it (and keeps in its `config` cookie for a day): the table's
 * entries, the cart's real lifetime, and the lens product's login page only when it is configured.
 */

const LENS_URL = 'https://lens.frameport.test/login';

async function configOf(t: TestApp): Promise<ConfigEntry[]> {
  const { headers } = await loginAs(t.app, { email: DEMO_EMAILS.retailer, password: DEMO_PASSWORDS.retailer });
  const response = await t.app.inject({ url: '/api/Product/getConfig', headers });
  expect(response.statusCode).toBe(200);
  const body = response.json<{ Status: number; Data: ConfigEntry[] }>();
  expect(body.Status).toBe(0);
  return body.Data;
}

describe('getConfig without LENS_LOGIN_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await seedDemo(t.db, { products: 10, now: new Date('2026-11-01') });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the page size and the cart lifetime, and no lens login page', async () => {
    const entries = await configOf(t);
    expect(entries).toContainEqual({ ConfigKey: 'CatalogPageSize', ConfigValue: '14' });
    expect(entries).toContainEqual({ ConfigKey: 'CartExpiryHours', ConfigValue: '24' });
    expect(entries.map((entry) => entry.ConfigKey)).not.toContain('LensLoginUrl');
    expect(entries.map((entry) => entry.ConfigKey)).toEqual([...entries.map((entry) => entry.ConfigKey)].sort());
  });

  it('says the hours the server keeps cart lines, whatever the table says, and the table for the rest', async () => {
    await t.db.update(config).set({ configValue: '48' }).where(eq(config.configKey, 'CartExpiryHours'));
    await t.db.update(config).set({ configValue: '20' }).where(eq(config.configKey, 'CatalogPageSize'));
    await t.db.insert(config).values({ configKey: 'LensLoginUrl', configValue: 'https://stale.example.test', description: 'stale' });
    const entries = await configOf(t);
    expect(entries.filter((entry) => entry.ConfigKey === 'CartExpiryHours')).toEqual([{ ConfigKey: 'CartExpiryHours', ConfigValue: '24' }]);
    expect(entries).toContainEqual({ ConfigKey: 'CatalogPageSize', ConfigValue: '20' });
    // Only the deployment names the lens login page: a row in the table is not a link.
    expect(entries.map((entry) => entry.ConfigKey)).not.toContain('LensLoginUrl');
  });
});

describe('getConfig with LENS_LOGIN_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { LENS_LOGIN_URL: LENS_URL } });
    await seedDemo(t.db, { products: 10, now: new Date('2026-11-01') });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the lens product’s login page as LensLoginUrl', async () => {
    const entries = await configOf(t);
    expect(entries.filter((entry) => entry.ConfigKey === 'LensLoginUrl')).toEqual([{ ConfigKey: 'LensLoginUrl', ConfigValue: LENS_URL }]);
  });
});

describe('LENS_LOGIN_URL', () => {
  it('is an http or https address, or the server does not start', () => {
    expect(loadConfig({ LENS_LOGIN_URL: LENS_URL }).lensLoginUrl).toBe(LENS_URL);
    expect(loadConfig({}).lensLoginUrl).toBeUndefined();
    expect(() => loadConfig({ LENS_LOGIN_URL: 'javascript:alert(1)' })).toThrow(/LENS_LOGIN_URL must be an http/);
    expect(() => loadConfig({ LENS_LOGIN_URL: 'lens login' })).toThrow(/LENS_LOGIN_URL/);
  });
});
