import { describe, expect, it } from 'vitest';
import { loginPathFor, safeNextPath } from './next-path.ts';

describe('safeNextPath', () => {
  it('keeps a same-origin relative path with its query and hash', () => {
    expect(safeNextPath('/products?searchText=aviator#top')).toBe('/products?searchText=aviator#top');
  });

  it.each([null, '', 'home', '//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '/login?next=/home'])(
    'falls back to /home for %s',
    (next) => {
      expect(safeNextPath(next)).toBe('/home');
    },
  );
});

describe('loginPathFor', () => {
  it('remembers where the visitor was', () => {
    expect(loginPathFor({ pathname: '/purchase-order', search: '?x=1', hash: '' })).toBe(
      '/login?next=%2Fpurchase-order%3Fx%3D1',
    );
  });

  it('adds nothing for the root', () => {
    expect(loginPathFor({ pathname: '/', search: '', hash: '' })).toBe('/login');
  });
});
