import { expressMessages } from '@frameport/domain/messages/express';
import { describe, expect, it } from 'vitest';
import { xlsxOf } from '../../testing/xlsx-fixture.ts';
import { MAX_IMPORT_ROWS, readImportFile, readPastedText, type ImportResult } from './import.ts';

const rowsOf = (result: ImportResult) => {
  if (!result.ok) throw new Error(`expected rows, got: ${result.error}`);
  return result.rows;
};

describe('readPastedText', () => {
  it('reads cells copied from a spreadsheet (tab-separated), with a header naming the columns in any order', async () => {
    const rows = rowsOf(await readPastedText('Qty\tModel\tColour\n4\tvx-av-1023\tc2\n\n2\tVX-RD-2001\tC1\n'));
    expect(rows).toEqual([
      { kind: 'line', origin: 'Pasted line 2', text: '4, vx-av-1023, c2', modelName: 'vx-av-1023', colorVariant: 'C2', quantity: 4 },
      { kind: 'line', origin: 'Pasted line 4', text: '2, VX-RD-2001, C1', modelName: 'VX-RD-2001', colorVariant: 'C1', quantity: 2 },
    ]);
  });

  it('reads chat lines: "x 4", "×4", "- 4 pcs" and a bare number', async () => {
    const rows = rowsOf(await readPastedText('VX-AV-1023 C2 x 4\nVX-AV-1023 C1 ×4\nVX-RD-2001 - C3 - 12 pcs\nVX-RD-2001 C4 2'));
    expect(rows.map((row) => (row.kind === 'line' ? [row.modelName, row.colorVariant, row.quantity] : row.reason))).toEqual([
      ['VX-AV-1023', 'C2', 4],
      ['VX-AV-1023', 'C1', 4],
      ['VX-RD-2001', 'C3', 12],
      ['VX-RD-2001', 'C4', 2],
    ]);
  });

  it('keeps quoted cells whole, commas and quotes inside them included', async () => {
    const rows = rowsOf(await readPastedText('model,colour,quantity\n"VX,AV ""1023""",C1,"3"\nVX-AV-1023,C2,1'));
    expect(rows[0]).toMatchObject({ kind: 'line', modelName: 'VX,AV "1023"', colorVariant: 'C1', quantity: 3 });
    expect(rows[1]).toMatchObject({ kind: 'line', modelName: 'VX-AV-1023', colorVariant: 'C2', quantity: 1 });
  });

  it('lists rows it cannot read with the reason, never drops them', async () => {
    const rows = rowsOf(await readPastedText('VX-1,C1,4\nVX-2,C1\nVX-3,C1,101\nVX-4,C1,2.5\nhello there\nVX-5,C1,0\nVX-6,C1,1,extra'));
    expect(rows.map((row) => [row.origin, row.kind === 'problem' ? row.reason : 'ok'])).toEqual([
      ['Pasted line 1', 'ok'],
      ['Pasted line 2', expressMessages.row.columns],
      ['Pasted line 3', expressMessages.row.quantity],
      ['Pasted line 4', expressMessages.row.quantity],
      ['Pasted line 5', expressMessages.row.columns],
      ['Pasted line 6', expressMessages.row.quantity],
      ['Pasted line 7', expressMessages.row.columns],
    ]);
  });

  it('refuses a quote that is never closed, and more rows than it reads at once', async () => {
    expect(await readPastedText('VX-1,C1,4\n"VX-2,C1,4\nVX-3,C1,1')).toEqual({ ok: false, error: expressMessages.import.unclosedQuote(2) });
    const many = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => `VX-${i},C1,1`).join('\n');
    expect(await readPastedText(many)).toEqual({ ok: false, error: expressMessages.import.tooManyRows(MAX_IMPORT_ROWS + 1, MAX_IMPORT_ROWS) });
    expect(await readPastedText('model,colour,quantity\n\n')).toEqual({ ok: false, error: expressMessages.noRows });
  });
});

describe('readImportFile', () => {
  it('reads an .xlsx workbook: numbers as quantities, the header row skipped', async () => {
    const bytes = xlsxOf([
      ['Model number', 'Colour variant', 'Quantity'],
      ['VX-AV-1023', 'c1', 4],
      ['VX-AV-1023', 'C2', 2],
    ]);
    const rows = rowsOf(await readImportFile(new File([bytes], 'order.xlsx')));
    expect(rows).toEqual([
      { kind: 'line', origin: 'order.xlsx row 2', text: 'VX-AV-1023, c1, 4', modelName: 'VX-AV-1023', colorVariant: 'C1', quantity: 4 },
      { kind: 'line', origin: 'order.xlsx row 3', text: 'VX-AV-1023, C2, 2', modelName: 'VX-AV-1023', colorVariant: 'C2', quantity: 2 },
    ]);
  });

  it('reads a .csv file with a byte-order mark and Windows line ends', async () => {
    const rows = rowsOf(await readImportFile(new File(['\uFEFFmodel;colour;qty\r\nVX-AV-1023;C1;4\r\n'], 'order.csv')));
    expect(rows).toEqual([
      { kind: 'line', origin: 'order.csv line 2', text: 'VX-AV-1023, C1, 4', modelName: 'VX-AV-1023', colorVariant: 'C1', quantity: 4 },
    ]);
  });

  it('gives a clear error for a broken workbook, a binary .csv, an old .xls, another type and a file too large', async () => {
    expect(await readImportFile(new File([new Uint8Array([80, 75, 3, 4, 1, 2, 3])], 'broken.xlsx'))).toEqual({
      ok: false,
      error: expressMessages.import.unreadableXlsx,
    });
    expect(await readImportFile(new File([xlsxOf([['VX', 'C1', 1]])], 'renamed.csv'))).toEqual({ ok: false, error: expressMessages.import.notText });
    expect(await readImportFile(new File(['x'], 'order.xls'))).toEqual({ ok: false, error: expressMessages.import.oldExcel });
    expect(await readImportFile(new File(['x'], 'order.pdf'))).toEqual({ ok: false, error: expressMessages.import.wrongType });
    const big = new File([new Uint8Array(1024 * 1024 + 1)], 'big.csv');
    expect(await readImportFile(big)).toEqual({ ok: false, error: expressMessages.import.tooLarge(1) });
  });
});
