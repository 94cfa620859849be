import type { Filter } from '@frameport/domain/contract';
import { describe, expect, it } from 'vitest';
import { categoryNavigation, frameLinks, genderPath, searchPath, sunglassesLinks } from './links.ts';

const filters: Filter[] = [
  { Key: 'genderIdList', Type: 'In', Name: 'Gender', Data: [{ Id: 1, Name: 'Men' }, { Id: 3, Name: 'Kids' }] },
  { Key: 'productTypeId', Type: 'In', Name: 'Type', Data: [{ Id: 1, Name: 'Eyeglasses' }, { Id: 5, Name: 'Kids Sunglasses' }] },
];

describe('navigation links', () => {
  it('finds the genders and the Sunglasses product type in the filters', () => {
    expect(categoryNavigation(filters)).toEqual({
      genders: [
        { id: 1, name: 'Men' },
        { id: 3, name: 'Kids' },
      ],
      sunglassesTypeId: 5,
    });
    expect(categoryNavigation([])).toEqual({ genders: [], sunglassesTypeId: null });
  });

  it('builds the Frames and Sunglasses links', () => {
    const navigation = categoryNavigation(filters);
    expect(frameLinks(navigation)).toEqual([
      { label: 'Men', to: '/products?genderIdList=1' },
      { label: 'Kids', to: '/products?genderIdList=3' },
    ]);
    expect(sunglassesLinks(navigation)).toEqual([
      { label: 'Men', to: '/products?genderIdList=1&productTypeId=5' },
      { label: 'Kids', to: '/products?genderIdList=3&productTypeId=5' },
    ]);
    expect(sunglassesLinks({ ...navigation, sunglassesTypeId: null })).toEqual([]);
    expect(genderPath(2)).toBe('/products?genderIdList=2');
  });

  it('turns search text into /products?searchText=, or null when blank', () => {
    expect(searchPath('  round   tortoise ')).toBe('/products?searchText=round+tortoise');
    expect(searchPath('a&b=c')).toBe('/products?searchText=a%26b%3Dc');
    expect(searchPath('   ')).toBeNull();
    expect(searchPath('x'.repeat(150))).toBe(`/products?searchText=${'x'.repeat(100)}`);
  });
});
