import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dueDateOf } from './invoices.ts';
import { retailerMessages } from './retailer-messages.ts';
import {
  AGEING_BUCKETS,
  ageingBucketOf,
  ageReceivables,
  gstinCheckCharacter,
  gstinProblem,
  normaliseTaxId,
  panProblem,
  type AgeingBucket,
} from './retailers.ts';

const text = retailerMessages.gstin;

describe('GSTIN', () => {
  it('accepts the published vectors and computes their check character (domain-india.md §3.1)', () => {
    for (const gstin of ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '36AAPFU0939F1ZW']) {
      expect(gstinCheckCharacter(gstin.slice(0, 14))).toBe(gstin[14]);
      expect(gstinProblem(gstin)).toBeNull();
    }
  });

  it('refuses a wrong check character, and any single mistyped character', () => {
    expect(gstinProblem('27AAPFU0939F1ZA')).toBe(text.checksum);
    // Luhn mod 36 catches every change of one character.
    const valid = '29AAGCB7383J1Z4';
    const digits = '0123456789';
    for (const i of [0, 1, 7, 8, 9, 10]) {
      for (const d of digits) {
        if (d === valid[i]) continue;
        const typo = valid.slice(0, i) + d + valid.slice(i + 1);
        expect(gstinProblem(typo), typo).toBe(text.checksum);
      }
    }
  });

  it('refuses a wrong shape with the format text, whatever the checksum', () => {
    for (const bad of ['', '27AAPFU0939F1Z', '27AAPFU0939F1ZVV', '2XAAPFU0939F1ZV', '27AAPFU0939F10V', '27AAPF10939F1ZV', '27AAPFU0939F0ZV']) {
      expect(gstinProblem(bad), bad).toBe(text.format);
    }
  });

  it('reads what people type: lower case and spaces', () => {
    expect(normaliseTaxId(' 36aapfu0939f1zw ')).toBe('36AAPFU0939F1ZW');
    expect(gstinProblem('36 aapfu 0939 f1zw', { billingStateCode: '36', pan: 'aapfu0939f' })).toBeNull();
  });

  it('checks the state code against the billing state and the PAN inside against the PAN given', () => {
    expect(gstinProblem('27AAPFU0939F1ZV', { billingStateCode: '36' })).toBe(text.stateMismatch('27', '36'));
    expect(gstinProblem('27AAPFU0939F1ZV', { billingStateCode: '27' })).toBeNull();
    expect(gstinProblem('29AAGCB7383J1Z4', { billingStateCode: '29', pan: 'AAGCB7383K' })).toBe(text.panMismatch);
    expect(gstinProblem('29AAGCB7383J1Z4', { billingStateCode: '29', pan: 'AAGCB7383J' })).toBeNull();
  });

  it('builds a valid GSTIN from any state, PAN and entity number (property)', () => {
    const upper = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    const digit = fc.constantFrom(...'0123456789');
    const pan = fc.tuple(fc.array(upper, { minLength: 5, maxLength: 5 }), fc.array(digit, { minLength: 4, maxLength: 4 }), upper).map(([a, d, z]) => a.join('') + d.join('') + z);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 38 }), pan, fc.constantFrom(...'123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'), (state, p, entity) => {
        const stateCode = String(state).padStart(2, '0');
        const first14 = `${stateCode}${p}${entity}Z`;
        const gstin = first14 + gstinCheckCharacter(first14);
        expect(gstinProblem(gstin, { billingStateCode: stateCode, pan: p })).toBeNull();
        expect(panProblem(p)).toBeNull();
      }),
    );
  });
});

describe('PAN', () => {
  it('takes five letters, four digits, a letter', () => {
    expect(panProblem('AAPFU0939F')).toBeNull();
    for (const bad of ['AAPFU0939', 'AAPF00939F', 'AAPFU0939FF', '1APFU0939F']) expect(panProblem(bad), bad).toBe(retailerMessages.pan.format);
  });
});

describe('receivables ageing', () => {
  it('puts an invoice by whole days past due: not due, 1–30, 31–60, 61–90, over 90', () => {
    const today = '2026-11-24';
    const cases: [string, AgeingBucket][] = [
      ['2026-12-01', 'notDue'],
      ['2026-11-24', 'notDue'],
      ['2026-11-23', 'd1to30'],
      ['2026-10-25', 'd1to30'],
      ['2026-10-24', 'd31to60'],
      ['2026-09-25', 'd31to60'],
      ['2026-09-24', 'd61to90'],
      ['2026-08-26', 'd61to90'],
      ['2026-08-25', 'd90plus'],
    ];
    for (const [due, bucket] of cases) expect(ageingBucketOf(due, today), due).toBe(bucket);
  });

  it('every open invoice falls in exactly one bucket, and the buckets add up to the outstanding (property)', () => {
    const day = fc.integer({ min: 0, max: 800 }).map((n) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
    const invoice = fc.record({ invoiceDate: day, creditDays: fc.integer({ min: 0, max: 90 }), openPaise: fc.integer({ min: 0, max: 50_000_000 }) });
    fc.assert(
      fc.property(fc.array(invoice, { maxLength: 40 }), day, (invoices, today) => {
        const rows = invoices.map((i) => ({ dueDate: dueDateOf(i.invoiceDate, i.creditDays), openPaise: i.openPaise }));
        const ageing = ageReceivables(rows, today);
        const outstanding = rows.reduce((sum, r) => sum + r.openPaise, 0);
        expect(ageing.total).toBe(outstanding);
        expect(AGEING_BUCKETS.reduce((sum, bucket) => sum + ageing[bucket], 0)).toBe(outstanding);
        // Each invoice alone lands in one bucket only.
        for (const row of rows.filter((r) => r.openPaise > 0)) {
          const alone = ageReceivables([row], today);
          expect(AGEING_BUCKETS.filter((bucket) => alone[bucket] > 0)).toEqual([ageingBucketOf(row.dueDate, today)]);
        }
      }),
    );
  });

  it('refuses a balance that is not whole paise', () => {
    expect(() => ageReceivables([{ dueDate: '2026-01-01', openPaise: 10.5 }], '2026-02-01')).toThrow(RangeError);
  });
});
