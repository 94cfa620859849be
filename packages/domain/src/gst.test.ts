import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { COMPANY_STATE_CODE_DEFAULT, gstHeadRates, isIntraState, normaliseStateCode, splitGst, taxLines } from './gst.ts';

const TELANGANA = COMPANY_STATE_CODE_DEFAULT;
const KARNATAKA = '29';

const taxable = fc.integer({ min: 0, max: 10 ** 11 });
const rate = fc.constantFrom(0, 0.25, 3, 5, 12, 18, 28, 40);

describe('normaliseStateCode', () => {
  it('pads numbers and strings to two digits', () => {
    expect(normaliseStateCode(36)).toBe('36');
    expect(normaliseStateCode('36')).toBe('36');
    expect(normaliseStateCode(7)).toBe('07');
    expect(normaliseStateCode('7')).toBe('07');
    expect(normaliseStateCode(' 07 ')).toBe('07');
  });

  it('rejects anything that is not a 2-digit code', () => {
    expect(() => normaliseStateCode('')).toThrow(RangeError);
    expect(() => normaliseStateCode(0)).toThrow(RangeError);
    expect(() => normaliseStateCode('TS')).toThrow(RangeError);
    expect(() => normaliseStateCode(360)).toThrow(RangeError);
    expect(() => normaliseStateCode(3.6)).toThrow(RangeError);
  });
});

describe('isIntraState', () => {
  it('compares codes as two digits', () => {
    expect(isIntraState('36', '36')).toBe(true);
    expect(isIntraState(36, '36')).toBe(true);
    expect(isIntraState('7', 7)).toBe(true);
    expect(isIntraState('07', '36')).toBe(false);
    expect(isIntraState(KARNATAKA, TELANGANA)).toBe(false);
  });
});

describe('splitGst', () => {
  it('charges CGST + SGST inside Telangana (domain-india §1.6: ₹1,234.50 at 5%)', () => {
    expect(splitGst({ taxablePaise: 123450, ratePercent: 5, billToStateCode: '36', companyStateCode: TELANGANA })).toEqual({
      kind: 'intra',
      cgst: 3086,
      sgst: 3086,
      cgstRate: 2.5,
      sgstRate: 2.5,
      igst: 0,
      igstRate: 0,
      total: 6172,
    });
  });

  it('charges IGST outside Telangana (₹1,234.50 at 5% → ₹61.73)', () => {
    expect(splitGst({ taxablePaise: 123450, ratePercent: 5, billToStateCode: KARNATAKA, companyStateCode: TELANGANA })).toEqual({
      kind: 'inter',
      igst: 6173,
      igstRate: 5,
      cgst: 0,
      sgst: 0,
      cgstRate: 0,
      sgstRate: 0,
      total: 6173,
    });
  });

  it('matches the worked example of domain-india §1.7', () => {
    const frames = { taxablePaise: 900000, ratePercent: 5, companyStateCode: TELANGANA };
    const intraFrames = splitGst({ ...frames, billToStateCode: 36 });
    expect([intraFrames.cgst, intraFrames.sgst, intraFrames.total]).toEqual([22500, 22500, 45000]);
    expect(splitGst({ ...frames, billToStateCode: KARNATAKA }).igst).toBe(45000);

    const sunglasses = { taxablePaise: 500000, ratePercent: 18, companyStateCode: TELANGANA };
    const intraSun = splitGst({ ...sunglasses, billToStateCode: '36' });
    expect([intraSun.cgst, intraSun.sgst, intraSun.cgstRate]).toEqual([45000, 45000, 9]);
    const interSun = splitGst({ ...sunglasses, billToStateCode: KARNATAKA });
    expect([interSun.igst, interSun.igstRate]).toEqual([90000, 18]);
  });

  it('treats a Union Territory such as Chandigarh (04) as inter-state', () => {
    expect(splitGst({ taxablePaise: 100000, ratePercent: 5, billToStateCode: 4, companyStateCode: TELANGANA }).kind).toBe('inter');
  });

  it('rejects fractional paise, bad rates and bad state codes', () => {
    const line = { taxablePaise: 100, ratePercent: 5, billToStateCode: '36', companyStateCode: TELANGANA };
    expect(() => splitGst({ ...line, taxablePaise: 100.5 })).toThrow(RangeError);
    expect(() => splitGst({ ...line, ratePercent: -5 })).toThrow(RangeError);
    expect(() => splitGst({ ...line, ratePercent: Number.NaN })).toThrow(RangeError);
    expect(() => splitGst({ ...line, ratePercent: 101 })).toThrow(RangeError);
    expect(() => splitGst({ ...line, billToStateCode: '' })).toThrow(RangeError);
  });

  it('splits intra-state tax into equal halves that add up to the total (property)', () => {
    fc.assert(
      fc.property(taxable, rate, (t, r) => {
        const split = splitGst({ taxablePaise: t, ratePercent: r, billToStateCode: '36', companyStateCode: TELANGANA });
        return (
          split.kind === 'intra' &&
          split.cgst === split.sgst &&
          split.cgst + split.sgst === split.total &&
          split.igst === 0 &&
          split.cgst >= 0 &&
          Number.isSafeInteger(split.cgst) &&
          split.cgstRate + split.sgstRate === r
        );
      }),
    );
  });

  it('keeps IGST within one paisa of CGST + SGST (property)', () => {
    fc.assert(
      fc.property(taxable, rate, (t, r) => {
        const base = { taxablePaise: t, ratePercent: r, companyStateCode: TELANGANA };
        const intra = splitGst({ ...base, billToStateCode: '36' });
        const inter = splitGst({ ...base, billToStateCode: KARNATAKA });
        return (
          inter.kind === 'inter' &&
          inter.igst === inter.total &&
          inter.igst >= 0 &&
          inter.cgst + inter.sgst === 0 &&
          Math.abs(inter.igst - intra.total) <= 1
        );
      }),
    );
  });

  it('rounds each component to the nearest paisa (property)', () => {
    fc.assert(
      fc.property(taxable, rate, (t, r) => {
        const intra = splitGst({ taxablePaise: t, ratePercent: r, billToStateCode: '36', companyStateCode: TELANGANA });
        const exactHalf = (t * r) / 200;
        return Math.abs(intra.cgst - exactHalf) <= 0.5 + 1e-4;
      }),
    );
  });
});

describe('taxLines', () => {
  it('names CGST and SGST with half rates', () => {
    const split = splitGst({ taxablePaise: 123450, ratePercent: 5, billToStateCode: '36', companyStateCode: TELANGANA });
    expect(taxLines(split)).toEqual([
      { label: 'CGST 2.5%', paise: 3086 },
      { label: 'SGST 2.5%', paise: 3086 },
    ]);
  });

  it('names IGST alone outside the state', () => {
    const split = splitGst({ taxablePaise: 500000, ratePercent: 18, billToStateCode: KARNATAKA, companyStateCode: TELANGANA });
    expect(taxLines(split)).toEqual([{ label: 'IGST 18%', paise: 90000 }]);
  });

  it('writes rates without trailing zeros', () => {
    const split = splitGst({ taxablePaise: 500000, ratePercent: 18.0, billToStateCode: '36', companyStateCode: TELANGANA });
    expect(taxLines(split).map((line) => line.label)).toEqual(['CGST 9%', 'SGST 9%']);
    const quarter = splitGst({ taxablePaise: 100000, ratePercent: 0.25, billToStateCode: '36', companyStateCode: TELANGANA });
    expect(taxLines(quarter).map((line) => line.label)).toEqual(['CGST 0.125%', 'SGST 0.125%']);
  });
});

describe('gstHeadRates', () => {
  it('halves the rate into CGST and SGST within the State, and gives it all to IGST across States, as splitGst', () => {
    expect(gstHeadRates(5, TELANGANA, TELANGANA)).toEqual({ cgstRate: 2.5, sgstRate: 2.5, igstRate: 0 });
    expect(gstHeadRates(18, KARNATAKA, TELANGANA)).toEqual({ cgstRate: 0, sgstRate: 0, igstRate: 18 });
    fc.assert(
      fc.property(taxable, rate, fc.boolean(), (paise, r, inter) => {
        const billTo = inter ? KARNATAKA : TELANGANA;
        const split = splitGst({ taxablePaise: paise, ratePercent: r, billToStateCode: billTo, companyStateCode: TELANGANA });
        expect(gstHeadRates(r, billTo, TELANGANA)).toEqual({ cgstRate: split.cgstRate, sgstRate: split.sgstRate, igstRate: split.igstRate });
      }),
    );
  });
});
