/**
 * Test seeding (the end-to-end tests' fresh retailers) is off unless asked for, and refused on a
 * server that looks real (NODE_ENV=production, or an https PUBLIC_URL), with no way to allow it there.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('test seeding in the configuration', () => {
  it('is off by default and on with TEST_SEEDING=true on a developer’s server', () => {
    expect(loadConfig({}).testSeeding).toBe(false);
    expect(loadConfig({ TEST_SEEDING: 'true', PUBLIC_URL: 'http://127.0.0.1:41000' }).testSeeding).toBe(true);
  });

  it.each([
    ['NODE_ENV=production', { NODE_ENV: 'production' }, 'NODE_ENV=production'],
    ['an https PUBLIC_URL', { PUBLIC_URL: 'https://orders.frameport.in' }, 'PUBLIC_URL is https://orders.frameport.in'],
    ['an HTTPS PUBLIC_URL in capitals', { PUBLIC_URL: 'HTTPS://orders.frameport.in' }, 'PUBLIC_URL is'],
    ['the payment sandbox allowed there', { NODE_ENV: 'production', PAYMENTS_SANDBOX_ALLOWED: 'true' }, 'NODE_ENV=production'],
  ])('is refused with %s, naming the reason', (_name, env, reason) => {
    expect(() => loadConfig({ ...env, TEST_SEEDING: 'true' })).toThrow(/^Invalid configuration:\n {2}TEST_SEEDING: /);
    expect(() => loadConfig({ ...env, TEST_SEEDING: 'true' })).toThrow(reason);
  });

  it('takes only a yes/no', () => {
    expect(() => loadConfig({ TEST_SEEDING: 'maybe' })).toThrow(/TEST_SEEDING/);
  });
});
