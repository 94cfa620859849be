import { describe, expect, it } from 'vitest';
import { initialsOf } from './profile-menu.tsx';

describe('initialsOf', () => {
  it.each([
    ['Asha Verma', 'AV'],
    ['Ravi Kumar Reddy', 'RR'],
    ['asha', 'A'],
    ['asha.verma@store.in', 'AV'],
    ['', '?'],
  ])('%s → %s', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});
