import { describe, expect, it } from 'vitest';
import { formatOrderRefNo, orderRefPrefix } from './numbering.ts';

describe('order numbering', () => {
  it('numbers orders per financial year, six digits at least', () => {
    expect(orderRefPrefix('2026-27')).toBe('FP/2026-27/');
    expect(formatOrderRefNo('2026-27', 123)).toBe('FP/2026-27/000123');
    expect(formatOrderRefNo('2026-27', 1_234_567)).toBe('FP/2026-27/1234567');
  });
});
