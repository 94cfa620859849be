/** Express checkout: one list fed by the model search, pasted rows and uploaded files. */
export const expressMessages = {
  invalidModel: 'Invalid Model Number. Please enter a valid Model Number',
  duplicateModel: 'Product already added. Please add different product',
  searchFailed: 'Model numbers could not be searched. Please try again.',
  checkFailed: 'Model numbers could not be checked. Please try again.',
  noRows: 'No rows to add.',
  addAll: 'Add all to order',
  /** The list's one total, e.g. '12 pcs · ₹14,272.62 incl. GST'. */
  total: (pieces: number, formatted: string) => `${pieces} pcs · ${formatted} incl. GST`,
  /** Why Add all is disabled. */
  nothingToAdd: 'Enter a quantity for at least one colour to add it to your order.',
  fixQuantities: (rows: number) => `Fix the quantities marked on ${rows} ${rows === 1 ? 'row' : 'rows'} first.`,
  orderQuantityOver: (limit: string, pieces: number, max: number) => `${limit}: your order would have ${pieces} pcs, the most is ${max}.`,
  orderValueOver: (limit: string, value: string, max: string) => `${limit}: your order would come to ${value} incl. GST, the most is ${max}.`,
  /** Beside Add all while unmatched rows are listed. */
  unmatchedStay: (rows: number) =>
    `${rows} unmatched ${rows === 1 ? 'row stays' : 'rows stay'} in the list and ${rows === 1 ? 'is' : 'are'} not added.`,
  /** After an Add all that left rows behind. */
  addedSome: (lines: number) => `${lines} ${lines === 1 ? 'line was' : 'lines were'} added to your order. The rows still listed were not added.`,
  notAdded: (reason: string) => `Not added: ${reason}`,
  /** Why an imported row cannot be matched (it stays in the list with this text). */
  row: {
    columns: 'Expected 3 values: model number, colour variant, quantity',
    quantity: 'Quantity must be a whole number from 1 to 100',
    unknownModel: 'Unknown model number',
    unknownColour: 'Unknown colour variant for this model',
  },
  /** Reading pasted text and .csv / .xlsx files. */
  import: {
    title: 'Paste rows or upload a file',
    help: 'One line per colour: model number, colour variant, quantity. Copy cells from a spreadsheet, lines from a chat ("VX-AV-1023 C2 x 4"), or upload a .csv or .xlsx file.',
    pasteLabel: 'Pasted rows',
    addPasted: 'Add rows to the list',
    fileLabel: 'Upload a .csv or .xlsx file',
    sample: 'Download sample CSV',
    tooLarge: (megabytes: number) => `This file is larger than ${megabytes} MB. Split it into smaller files. Nothing was added.`,
    tooManyRows: (rows: number, max: number) =>
      `This has ${rows} rows; at most ${max} can be read at once. Split it into parts. Nothing was added.`,
    wrongType: 'Choose a .csv or .xlsx file. Nothing was added.',
    oldExcel: 'Old Excel files (.xls) cannot be read. Save the sheet as .xlsx or .csv and upload that. Nothing was added.',
    unreadableXlsx: 'This file could not be read as an Excel workbook (.xlsx). Nothing was added.',
    unclosedQuote: (line: number) => `Line ${line} has a quote (") that is never closed. Nothing was added.`,
    notText: 'This file does not look like CSV text. Nothing was added.',
    readFailed: 'The file could not be read. Please try again.',
    /** After rows landed in the list. */
    landed: (rows: number, unmatched: number) =>
      `${rows} ${rows === 1 ? 'row' : 'rows'} added to the list${unmatched > 0 ? `, ${unmatched} of them could not be matched (marked in the list)` : ''}.`,
  },
} as const;
