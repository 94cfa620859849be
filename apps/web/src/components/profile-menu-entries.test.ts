import { describe, expect, it } from 'vitest';
import { profileMenuEntries } from './profile-menu-entries.tsx';

const entriesOf = (who: { isSalesExecutive: boolean; canOrder: boolean }) =>
  profileMenuEntries(who).map((entry) => [entry.label, entry.to]);

describe('profileMenuEntries', () => {
  it('gives a retailer the spec order without Switch User, My Invoices after Change Password', () => {
    expect(entriesOf({ isSalesExecutive: false, canOrder: true })).toEqual([
      ['My Profile', '/profile'],
      ['My Orders', '/profile?order=true'],
      ['Change Password', '/profile?change-password=true'],
      ['My Invoices', '/profile?my-invoices=true'],
    ]);
  });

  it('gives a sales executive My retailers and Switch User, and hides My Orders and My Invoices until a retailer is chosen', () => {
    expect(entriesOf({ isSalesExecutive: true, canOrder: false })).toEqual([
      ['My Profile', '/profile'],
      ['My retailers', '/my-retailers'],
      ['Switch User', '/profile?switch-user=true'],
      ['Propose a retailer', '/propose-retailer'],
      ['Change Password', '/profile?change-password=true'],
    ]);
    expect(entriesOf({ isSalesExecutive: true, canOrder: true })).toEqual([
      ['My Profile', '/profile'],
      ['My Orders', '/profile?order=true'],
      ['My retailers', '/my-retailers'],
      ['Switch User', '/profile?switch-user=true'],
      ['Propose a retailer', '/propose-retailer'],
      ['Change Password', '/profile?change-password=true'],
      ['My Invoices', '/profile?my-invoices=true'],
    ]);
  });
});
