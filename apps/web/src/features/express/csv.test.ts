import { messages } from '@frameport/domain/messages';
import { describe, expect, it } from 'vitest';
import { colourVariant, product } from '../../testing/catalogue-fixtures.ts';
import { parseExpressCsv, resolveCsvRows } from './csv.ts';

describe('parseExpressCsv', () => {
  it('trims, skips blank lines and an optional header, and checks the quantity', () => {
    const result = parseExpressCsv('Model Number, Colour Variant, Quantity\r\n\n  vx-1 , c1 , 4 \n"VX-2";C2;100\nVX-3,C1\nVX-4,C1,101\nVX-5,C1,2.5\nVX-6,C1,-1\n');
    expect(result.rows).toEqual([
      { line: 3, modelName: 'vx-1', colorVariant: 'C1', quantity: 4 },
      { line: 4, modelName: 'VX-2', colorVariant: 'C2', quantity: 100 },
    ]);
    expect(result.problems.map((p) => [p.line, p.reason])).toEqual([
      [5, messages.express.csv.columns],
      [6, messages.express.csv.quantity],
      [7, messages.express.csv.quantity],
      [8, messages.express.csv.quantity],
    ]);
  });

  it('takes the first line as data when it is not a header', () => {
    expect(parseExpressCsv('VX-1,C1,1').rows).toHaveLength(1);
  });
});

describe('resolveCsvRows', () => {
  const aviator = product({ productColor: [colourVariant(), colourVariant({ colorVariant: 'C2', availableStockQuantity: 3 })] });

  it('matches models exactly and reports unknown models, colours, stock and duplicates', () => {
    const { rows } = parseExpressCsv('vx-av-1023,c1,4\nVX-AV,C1,1\nVX-AV-1023,C3,1\nVX-AV-1023,C2,4\nVX-AV-1023,C1,2');
    const result = resolveCsvRows(rows, [aviator]);
    expect(result.lines).toEqual([{ ProductId: 1, ColorVariant: 'C1', Quantity: 4 }]);
    expect(result.origins).toEqual([1]);
    expect(result.problems.map((p) => [p.line, p.reason])).toEqual([
      [2, messages.express.csv.unknownModel],
      [3, messages.express.csv.unknownColour],
      [4, 'Only 3 available in stock!'],
      [5, messages.express.csv.duplicate],
    ]);
  });
});
