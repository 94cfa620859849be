import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  daysInRange,
  monthRange,
  previousMonth,
  reportPeriod,
  summariseGst,
  weekStartOf,
  weeksBetween,
  type GstSummaryInput,
} from './sales-reports.ts';
import { splitGst } from './gst.ts';

describe('periods', () => {
  it('weeks run Monday to Sunday', () => {
    expect(weekStartOf('2026-11-30')).toBe('2026-11-30'); // a Monday
    expect(weekStartOf('2026-12-06')).toBe('2026-11-30'); // its Sunday
    expect(weekStartOf('2026-12-07')).toBe('2026-12-07');
    expect(weekStartOf('2027-01-01')).toBe('2026-12-28'); // across the year
    expect(weekStartOf('1970-01-01')).toBe('1969-12-29');
    expect(weeksBetween('2026-12-01', '2026-12-31')).toEqual(['2026-11-30', '2026-12-07', '2026-12-14', '2026-12-21', '2026-12-28']);
    expect(() => weekStartOf('2026-02-30')).toThrow(RangeError);
  });

  it('presets on a day in India: this month so far, all of last month, the financial year from 1 April', () => {
    expect(reportPeriod('thisMonth', '2026-11-24')).toEqual({ from: '2026-11-01', to: '2026-11-24' });
    expect(reportPeriod('lastMonth', '2026-03-10')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(reportPeriod('lastMonth', '2027-01-05')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(reportPeriod('thisFinancialYear', '2026-11-24')).toEqual({ from: '2026-04-01', to: '2026-11-24' });
    expect(reportPeriod('thisFinancialYear', '2027-03-31')).toEqual({ from: '2026-04-01', to: '2027-03-31' });
    expect(reportPeriod('thisFinancialYear', '2026-04-01')).toEqual({ from: '2026-04-01', to: '2026-04-01' });
  });

  it('months and day counts', () => {
    expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(previousMonth('2026-01')).toBe('2025-12');
    expect(daysInRange('2026-04-01', '2027-03-31')).toBe(365);
    expect(daysInRange('2026-12-01', '2026-12-01')).toBe(1);
    expect(() => monthRange('2026-13')).toThrow(RangeError);
  });
});

const line = fc
  .record({
    invoiceId: fc.integer({ min: 1, max: 20 }),
    state: fc.constantFrom('36', '29', '27', '7'),
    ratePercent: fc.constantFrom(0, 5, 12, 18),
    taxablePaise: fc.integer({ min: 0, max: 10_000_000 }),
  })
  .map(({ invoiceId, state, ratePercent, taxablePaise }): GstSummaryInput => {
    const gst = splitGst({ taxablePaise, ratePercent, billToStateCode: state, companyStateCode: '36' });
    return {
      invoiceId,
      placeOfSupplyCode: state,
      placeOfSupplyName: `State ${state}`,
      companyStateCode: '36',
      ratePercent,
      taxablePaise,
      cgstPaise: gst.cgst,
      sgstPaise: gst.sgst,
      igstPaise: gst.igst,
    };
  });

describe('summariseGst', () => {
  it('by rate and by place of supply each add up to the totals to the paisa, and count invoices once', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 40 }), (rows) => {
        const summary = summariseGst(rows);
        for (const table of [summary.byRate, summary.byState]) {
          for (const head of ['taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise', 'taxPaise'] as const) {
            expect(table.reduce((sum, row) => sum + row[head], 0)).toBe(summary.totals[head]);
          }
        }
        const charged = rows.filter((row) => row.taxablePaise > 0);
        expect(summary.totals.taxablePaise).toBe(charged.reduce((sum, row) => sum + row.taxablePaise, 0));
        expect(summary.totals.invoices).toBe(new Set(charged.map((row) => row.invoiceId)).size);
        for (const rate of summary.byRate) expect(rate.intraTaxablePaise + rate.interTaxablePaise).toBe(rate.taxablePaise);
        for (const state of summary.byState) {
          if (state.kind === 'intra') expect(state.igstPaise).toBe(0);
          else expect(state.cgstPaise + state.sgstPaise).toBe(0);
        }
        expect(summary.byRate.map((row) => row.ratePercent)).toEqual([...summary.byRate.map((row) => row.ratePercent)].sort((a, b) => a - b));
      }),
    );
  });

  it('names a place of supply by its two-digit code: 7 and 07 are Delhi once', () => {
    const base = { placeOfSupplyName: 'Delhi', companyStateCode: '36', ratePercent: 5, taxablePaise: 100_00, cgstPaise: 0, sgstPaise: 0, igstPaise: 5_00 };
    const summary = summariseGst([
      { ...base, invoiceId: 1, placeOfSupplyCode: '7' },
      { ...base, invoiceId: 2, placeOfSupplyCode: '07' },
    ]);
    expect(summary.byState).toEqual([{ stateCode: '07', stateName: 'Delhi', kind: 'inter', taxablePaise: 200_00, cgstPaise: 0, sgstPaise: 0, igstPaise: 10_00, taxPaise: 10_00, invoices: 2 }]);
  });
});
