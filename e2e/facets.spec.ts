import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { bearer, expect, signIn, test, type Headers } from './fixtures.ts';

/**
 * Issue 19 item 3: the filter panel says how many styles each option would give beside the other
 * groups' choices. Choosing a shape changes the material counts to what getAll answers for that
 * shape and that material, and a material that would give nothing cannot be ticked.
 */

type Option = { Id: number; Name: string };

async function filterOptions(request: APIRequestContext, headers: Headers, key: string): Promise<Option[]> {
  const response = await request.get('/api/Product/getFilters', { headers });
  expect(response.status()).toBe(200);
  const filters = (await response.json()).Data as { Key: string; Data: Option[] }[];
  const group = filters.find((filter) => filter.Key === key);
  expect(group, key).toBeDefined();
  return group!.Data;
}

async function getAllCount(request: APIRequestContext, headers: Headers, search: string): Promise<number> {
  const response = await request.get('/api/Product/getAll', { headers, params: { search, pageNumber: 1, pageSize: 1 } });
  expect(response.status()).toBe(200);
  return (await response.json()).Data.searchResults['@odata.count'] as number;
}

/** The options a checkbox group shows: "Titanium (12)" read as name, count and whether it can be ticked. */
async function shownCounts(group: Locator): Promise<Record<string, { count: number | null; disabled: boolean }>> {
  const rows = await group.getByRole('checkbox').evaluateAll((boxes) =>
    boxes.map((box) => ({ label: (box as HTMLInputElement).labels?.[0]?.textContent ?? '', disabled: (box as HTMLInputElement).disabled })),
  );
  return Object.fromEntries(
    rows.map(({ label, disabled }) => {
      const match = /^(.*) \(([\d,]+)\)$/.exec(label.trim());
      return match ? [match[1], { count: Number(match[2]!.replaceAll(',', '')), disabled }] : [label.trim(), { count: null, disabled }];
    }),
  );
}

/** What getAll answers for the shape with each material shown: the counts the panel must show. */
async function expectedMaterialCounts(page: Page, request: APIRequestContext, shown: string[], shapeId: number) {
  const headers = await bearer(page);
  const materials = await filterOptions(request, headers, 'frameMaterialId');
  const expected: Record<string, { count: number; disabled: boolean }> = {};
  for (const name of shown) {
    const material = materials.find((option) => option.Name === name);
    expect(material, name).toBeDefined();
    const count = await getAllCount(request, headers, `frameShapeId=${shapeId}&frameMaterialId=${material!.Id}`);
    expected[name] = { count, disabled: count === 0 };
  }
  return expected;
}

const AVIATOR = /^Aviator \([\d,]+\)$/;

test('choosing a shape changes the material counts to what getAll gives', async ({ page, request, retailer }) => {
  await signIn(page, retailer);
  await page.goto('/products');
  const shapes = await filterOptions(request, await bearer(page), 'frameShapeId');
  const aviator = shapes.find((option) => option.Name === 'Aviator');
  expect(aviator).toBeDefined();

  // The side panel on a desktop; the phone's filter screen, whose counts follow its draft.
  let scope: Locator;
  if (test.info().project.name === 'phone') {
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    scope = page.getByRole('dialog');
    await scope.getByRole('tab', { name: /Frame Shape/ }).click();
  } else {
    scope = page.getByRole('complementary');
  }
  await scope.getByRole('checkbox', { name: AVIATOR }).click();
  if (test.info().project.name === 'phone') await scope.getByRole('tab', { name: /Material/ }).click();

  const materialGroup = scope.getByRole('group', { name: /^Material/ });
  await expect(materialGroup.getByRole('checkbox').first()).toBeVisible();
  const shown = Object.keys(await shownCounts(materialGroup));
  expect(shown.length).toBeGreaterThan(0);
  const expected = await expectedMaterialCounts(page, request, shown, aviator!.Id);
  // The counts for Aviator arrive after the tick (the previous ones stay meanwhile).
  await expect.poll(() => shownCounts(materialGroup)).toEqual(expected);
});
