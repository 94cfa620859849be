import { describe, expect, it } from 'vitest';
import { contactPhrase } from '../retailers.ts';
import { retailerMessages } from '../retailer-messages.ts';
import { AdminRetailerPatchSchema, AdminRetailersQuerySchema, ProposeRetailerBodySchema } from './admin-retailers.ts';

const form = {
  businessName: '  Lakshmi Opticals ',
  firstName: 'Lakshmi',
  email: ' Shop@Example.IN ',
  phone: '+91 98480-12345',
  address: '4-1-12 Abids Road',
  stateId: 3,
  cityId: '7',
  pinCode: '500001',
  gstin: '36 aapfu0939f1zw',
  pan: 'aapfu 0939f',
};

describe('the retailers desk contract', () => {
  it('takes a form as people type it: trimmed, email lower case, the mobile as 10 digits, GSTIN and PAN upper case without spaces', () => {
    expect(ProposeRetailerBodySchema.parse(form)).toEqual({
      businessName: 'Lakshmi Opticals',
      firstName: 'Lakshmi',
      lastName: '',
      email: 'shop@example.in',
      phone: '9848012345',
      address: '4-1-12 Abids Road',
      stateId: 3,
      cityId: 7,
      pinCode: '500001',
      gstin: '36AAPFU0939F1ZW',
      pan: 'AAPFU0939F',
    });
  });

  it('reads an empty GSTIN or PAN as none (an unregistered shop)', () => {
    expect(ProposeRetailerBodySchema.parse({ ...form, gstin: ' ', pan: '' })).toMatchObject({ gstin: null, pan: null });
    expect(ProposeRetailerBodySchema.parse({ ...form, gstin: undefined, pan: undefined })).toMatchObject({ gstin: null, pan: null });
  });

  it('refuses a bad phone, PIN or email with the desk’s own words', () => {
    const problems = (change: Record<string, unknown>) =>
      ProposeRetailerBodySchema.safeParse({ ...form, ...change }).error?.issues.map((issue) => issue.message);
    expect(problems({ phone: '5848012345' })).toEqual([retailerMessages.form.phoneInvalid]);
    expect(problems({ pinCode: '050001' })).toEqual([retailerMessages.form.pinInvalid]);
    expect(problems({ email: 'shop@example' })).toEqual([retailerMessages.form.emailInvalid]);
    expect(problems({ businessName: 'A' })).toEqual([retailerMessages.form.businessNameRequired]);
  });

  it('refuses an edit that changes nothing, and takes null to clear the alternate phone', () => {
    expect(AdminRetailerPatchSchema.safeParse({}).success).toBe(false);
    expect(AdminRetailerPatchSchema.parse({ alternatePhone: null })).toEqual({ alternatePhone: null });
    expect(AdminRetailerPatchSchema.parse({ alternatePhone: '' })).toEqual({ alternatePhone: null });
  });

  it('lists by name unless told, a standing as the status filter', () => {
    expect(AdminRetailersQuerySchema.parse({})).toMatchObject({ sort: 'name', pageNumber: 1, pageSize: 50 });
    expect(AdminRetailersQuerySchema.parse({ status: 'Credit hold' }).status).toBe('Credit hold');
    expect(AdminRetailersQuerySchema.safeParse({ status: 'Closed' }).success).toBe(false);
  });
});

describe('whom a retailer calls', () => {
  it('names its sales executive with a phone, else an email, else the name alone', () => {
    expect(contactPhrase({ kind: 'salesExecutive', name: 'Ravi', phone: '9812345678', email: 'r@x.in' })).toBe('your sales executive Ravi on 9812345678');
    expect(contactPhrase({ kind: 'salesExecutive', name: 'Ravi', phone: null, email: 'r@x.in' })).toBe('your sales executive Ravi at r@x.in');
    expect(contactPhrase({ kind: 'accounts', name: 'Frameport', phone: null, email: null })).toBe('our accounts team (Frameport)');
  });

  it('puts the reason and the contact in the credit hold sentence', () => {
    expect(retailerMessages.ordering.creditHold('75 days overdue', 'our accounts team (Frameport) on +91 40 4012 3456')).toBe(
      'Orders cannot be placed while your account is on credit hold (75 days overdue). You can keep adding to your cart. ' +
        'Please call our accounts team (Frameport) on +91 40 4012 3456 to release the hold.',
    );
    expect(retailerMessages.ordering.creditHold(null, 'x')).not.toContain('()');
  });
});
