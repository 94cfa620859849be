/**
 * The payment sandbox is the zero-setup default on a developer's machine, and refused on a server
 * that looks real (NODE_ENV=production, or an https PUBLIC_URL) unless PAYMENTS_SANDBOX_ALLOWED=true.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const RAZORPAY = {
  PAYMENTS_PROVIDER: 'razorpay',
  RAZORPAY_KEY_ID: 'rzp_live_x',
  RAZORPAY_KEY_SECRET: 'secret',
  RAZORPAY_WEBHOOK_SECRET: 'hook',
};

describe('the payment sandbox in the configuration', () => {
  it('is the default for a developer (no NODE_ENV, http PUBLIC_URL)', () => {
    expect(loadConfig({}).payments).toEqual({ provider: 'sandbox' });
    expect(loadConfig({ NODE_ENV: 'development', PUBLIC_URL: 'http://192.168.1.20:3000' }).payments).toEqual({ provider: 'sandbox' });
  });

  it.each([
    ['NODE_ENV=production', { NODE_ENV: 'production' }, 'NODE_ENV=production'],
    ['an https PUBLIC_URL', { PUBLIC_URL: 'https://orders.frameport.in' }, 'PUBLIC_URL is https://orders.frameport.in'],
    ['an HTTPS PUBLIC_URL in capitals', { PUBLIC_URL: 'HTTPS://orders.frameport.in' }, 'PUBLIC_URL is'],
    ['the sandbox named explicitly', { PAYMENTS_PROVIDER: 'sandbox', NODE_ENV: 'production' }, 'NODE_ENV=production'],
  ])('is refused with %s, naming the reason and the way out', (_name, env, reason) => {
    expect(() => loadConfig(env)).toThrow(/^Invalid configuration:\n {2}PAYMENTS_PROVIDER: the payment sandbox/);
    expect(() => loadConfig(env)).toThrow(reason);
    expect(() => loadConfig(env)).toThrow('PAYMENTS_PROVIDER=razorpay');
    expect(() => loadConfig(env)).toThrow('PAYMENTS_SANDBOX_ALLOWED=true');
    expect(() => loadConfig({ ...env, PAYMENTS_SANDBOX_ALLOWED: 'false' })).toThrow('PAYMENTS_SANDBOX_ALLOWED=true');
  });

  it('is allowed there with PAYMENTS_SANDBOX_ALLOWED=true', () => {
    const env = { NODE_ENV: 'production', PUBLIC_URL: 'https://staging.frameport.in', PAYMENTS_SANDBOX_ALLOWED: 'true' };
    expect(loadConfig(env).payments).toEqual({ provider: 'sandbox' });
  });

  it('never stands in the way of Razorpay', () => {
    const config = loadConfig({ ...RAZORPAY, NODE_ENV: 'production', PUBLIC_URL: 'https://orders.frameport.in' });
    expect(config.payments.provider).toBe('razorpay');
  });

  it('takes only a yes/no for PAYMENTS_SANDBOX_ALLOWED', () => {
    expect(() => loadConfig({ PAYMENTS_SANDBOX_ALLOWED: 'maybe' })).toThrow(/PAYMENTS_SANDBOX_ALLOWED/);
  });
});
