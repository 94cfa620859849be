/**
 * The GST tax invoice as a PDF (Rule 46 of the CGST Rules, domain-india.md §4.1), drawn from the
 * order's snapshots: supplier, invoice number and date, recipient (bill-to) and delivery address
 * (ship-to), place of supply, reverse charge, one row per line with HSN, quantity, unit, rate,
 * discount, taxable value and the tax per head (CGST + SGST within Telangana, IGST otherwise), the
 * totals in figures and in words, what was paid and what is due.
 *
 * With the shipment it bills, the consignment's transport (transporter, docket/AWB, vehicle, dispatch
 * date, e-way bill number). Once the invoice is registered on the Invoice Registration Portal
 * (modules/invoices/e-invoice.ts), the IRN, acknowledgement number and date are printed under the
 * title with the IRP's signed QR code as a QR image at the top right (the usual e-invoice layout).
 *
 * A4, DejaVu Sans (adapters/pdf.ts). Lines flow onto further pages, each repeating a short heading
 * and the table header; every page says "Page i of n". The same data always gives the same bytes.
 */
import QRCode from 'qrcode';
import { ToWords } from 'to-words';
import { formatInr, formatPercent, type Paise } from '@frameport/domain';
import { PDF_FONTS, renderPdf, type PdfDocument } from '../../adapters/pdf.ts';

export type InvoicePdfLine = {
  productName: string;
  modelName: string;
  colourName: string;
  colorVariant: string;
  sizeName: string | null;
  hsnCode: string;
  quantity: number;
  unitPricePaise: Paise;
  discountPerUnitPaise: Paise;
  taxablePaise: Paise;
  cgstRatePercent: number;
  sgstRatePercent: number;
  igstRatePercent: number;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
  isFree: boolean;
};

export type InvoicePdfParty = {
  name: string;
  address: string;
  city: string;
  pinCode: string;
  stateName: string;
  stateCode: string;
};

/** The consignment's transport, printed when the invoice bills a dispatched shipment. */
export type InvoicePdfTransport = {
  transporter: string;
  docketNo: string;
  vehicleNo: string | null;
  /** 'YYYY-MM-DD' */
  dispatchDate: string;
  ewayBillNo: string | null;
};

/** The Invoice Registration Portal's answer, once the invoice is registered. */
export type InvoicePdfEInvoice = {
  irn: string;
  ackNo: string;
  /** An ISO 8601 instant (e.g. `invoices.irn_ack_date.toISOString()`), printed in India time. */
  ackDate: string;
  /** The IRP's signed QR code (a JWT), drawn as a QR image. */
  signedQrCode: string;
};

export type InvoicePdfData = {
  supplier: {
    name: string;
    address: string;
    gstin: string;
    pan: string | null;
    stateName: string;
    stateCode: string;
    phone: string;
    email: string;
  };
  invoice: {
    invoiceNo: string;
    /** 'YYYY-MM-DD' */
    invoiceDate: string;
    /** 'YYYY-MM-DD' */
    dueDate: string;
    amountPaise: Paise;
    paidPaise: Paise;
    balancePaise: Paise;
  };
  order: {
    orderRefNo: string;
    /** 'YYYY-MM-DD' (India) */
    orderDate: string;
    companyStateCode: string;
    billTo: InvoicePdfParty & { gstin: string | null };
    shipTo: (InvoicePdfParty & { phone: string | null }) | null;
    totalQuantity: number;
    taxablePaise: Paise;
    cgstPaise: Paise;
    sgstPaise: Paise;
    igstPaise: Paise;
    roundOffPaise: Paise;
  };
  lines: InvoicePdfLine[];
  transport?: InvoicePdfTransport | null;
  eInvoice?: InvoicePdfEInvoice | null;
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-11-20' → '20 Nov 2026' */
export function formatInvoiceDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${Number(day)} ${MONTHS[Number(month) - 1] ?? month} ${year}`;
}

/** Rupees with Indian grouping and two decimals, without the sign (table cells; the header says ₹). */
export function formatAmount(paise: Paise): string {
  return formatInr(paise).replace('₹', '');
}

/** '2026-11-20T09:05:00.000Z' → '20 Nov 2026 14:35' (India time, 24-hour clock). */
export function formatIstDateTime(instant: string): string {
  const at = new Date(instant);
  if (Number.isNaN(at.getTime())) throw new Error(`not a date-time: ${instant}`);
  const ist = new Date(at.getTime() + 330 * 60_000).toISOString();
  return `${formatInvoiceDate(ist.slice(0, 10))} ${ist.slice(11, 16)}`;
}

let toWords: ToWords | undefined;

/** 668882 → 'Six Thousand Six Hundred Eighty Eight Rupees And Eighty Two Paise Only' (Indian system: lakh, crore). */
export function amountInWords(paise: Paise): string {
  toWords ??= new ToWords({ localeCode: 'en-IN', converterOptions: { currency: true } });
  return toWords.convert(paise / 100);
}

/**
 * Whether the invoice charges IGST (inter-State) rather than CGST + SGST: read from the taxes the
 * order actually carries; an order without any tax (0% lines) falls back to its states.
 */
export function isInterState(data: Pick<InvoicePdfData, 'order' | 'lines'>): boolean {
  const { order, lines } = data;
  if (order.igstPaise > 0 || lines.some((line) => line.igstRatePercent > 0 || line.igstPaise > 0)) return true;
  if (order.cgstPaise > 0 || order.sgstPaise > 0 || lines.some((line) => line.cgstRatePercent > 0)) return false;
  return order.billTo.stateCode !== order.companyStateCode;
}

/**
 * Place of supply: the recipient's (bill-to, GSTIN) State, because that is the State the order's
 * tax was charged on (modules/pricing prices by the bill-to GST state code), so the printed place of
 * supply always agrees with CGST + SGST vs IGST. A different delivery State is printed with the
 * ship-to address (Rule 46 (o)). Whether such orders should be taxed by the delivery State is a
 * question for the CA (domain-india.md §1.1; decision 008).
 */
export function placeOfSupply(order: { billTo: { stateName: string; stateCode: string } }): { stateName: string; stateCode: string } {
  return { stateName: order.billTo.stateName, stateCode: order.billTo.stateCode };
}

export function invoiceFileName(invoiceNo: string): string {
  return `Invoice-${invoiceNo.replace(/\//g, '-')}.pdf`;
}

// ---------------------------------------------------------------------------
// Layout
// ---------------------------------------------------------------------------

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 36;
const LEFT = MARGIN;
const RIGHT = PAGE.width - MARGIN;
const WIDTH = RIGHT - LEFT;
/** Nothing but the page footer goes below this line. */
const BOTTOM = PAGE.height - MARGIN - 14;
const FOOTER_Y = PAGE.height - MARGIN - 4;

const INK = '#1a1a1a';
const MUTED = '#555555';
const RULE = '#b8b8b8';
const HEADER_FILL = '#ececec';

const CELL_PAD = 3;
const TABLE_FONT_SIZE = 7.5;
const HEADER_FONT_SIZE = 7;

type Align = 'left' | 'right' | 'center';
type Column = { header: string; width: number; align: Align; cell: (line: InvoicePdfLine, index: number) => string };

function description(line: InvoicePdfLine): string {
  const details = [line.modelName, `${line.colourName} (${line.colorVariant})`];
  if (line.sizeName) details.push(`Size ${line.sizeName}`);
  return `${line.productName}${line.isFree ? ' (free)' : ''}\n${details.join(', ')}`;
}

const percent = (rate: number) => `${formatPercent(rate)}%`;

function columnsFor(interState: boolean): Column[] {
  const taxes: Column[] = interState
    ? [
        { header: 'IGST rate', width: 30, align: 'right', cell: (line) => percent(line.igstRatePercent) },
        { header: 'IGST (₹)', width: 56, align: 'right', cell: (line) => formatAmount(line.igstPaise) },
      ]
    : [
        { header: 'CGST rate', width: 30, align: 'right', cell: (line) => percent(line.cgstRatePercent) },
        { header: 'CGST (₹)', width: 46, align: 'right', cell: (line) => formatAmount(line.cgstPaise) },
        { header: 'SGST rate', width: 30, align: 'right', cell: (line) => percent(line.sgstRatePercent) },
        { header: 'SGST (₹)', width: 46, align: 'right', cell: (line) => formatAmount(line.sgstPaise) },
      ];
  const wide = interState ? 4 : 0;
  const values: Column[] = [
    // Wide enough for an 8-digit HSN code on one line (the catalogue's 9004 codes are 6 digits: 900410, 900490).
    { header: 'HSN', width: 44, align: 'center', cell: (line) => line.hsnCode },
    { header: 'Qty', width: 24, align: 'right', cell: (line) => String(line.quantity) },
    { header: 'Unit', width: 24, align: 'center', cell: () => 'PCS' },
    { header: 'Rate (₹)', width: 45 + wide, align: 'right', cell: (line) => formatAmount(line.unitPricePaise) },
    {
      header: 'Discount (₹)',
      width: 43 + wide,
      align: 'right',
      cell: (line) => formatAmount(line.discountPerUnitPaise * line.quantity),
    },
    { header: 'Taxable value (₹)', width: 56 + wide, align: 'right', cell: (line) => formatAmount(line.taxablePaise) },
  ];
  const serial: Column = { header: 'Sr', width: 17, align: 'center', cell: (_line, index) => String(index + 1) };
  const fixed = [serial, ...values, ...taxes].reduce((sum, column) => sum + column.width, 0);
  // The description takes whatever width is left.
  return [serial, { header: 'Description of goods', width: WIDTH - fixed, align: 'left', cell: description }, ...values, ...taxes];
}

function font(doc: PdfDocument, bold: boolean, size: number, color = INK) {
  doc.font(bold ? PDF_FONTS.bold : PDF_FONTS.regular).fontSize(size).fillColor(color);
}

/** Height of a block of text in the current font, wrapped to `width` (one line needs no wrapping run). */
function heightOf(doc: PdfDocument, text: string, width: number): number {
  if (!text.includes('\n') && doc.widthOfString(text) <= width) return doc.currentLineHeight();
  return doc.heightOfString(text, { width, lineGap: 0 });
}

/** 'Label: value' with the label in bold, wrapped to `width`; returns the y below it. */
function labelled(doc: PdfDocument, label: string, value: string, x: number, y: number, width: number, size = 8.5): number {
  font(doc, true, size);
  doc.text(`${label}: `, x, y, { width, continued: true, lineGap: 0 });
  font(doc, false, size);
  doc.text(value, { width, lineGap: 0 });
  return doc.y;
}

function plain(doc: PdfDocument, text: string, x: number, y: number, width: number, options: { bold?: boolean; size?: number; color?: string; align?: Align } = {}): number {
  font(doc, options.bold ?? false, options.size ?? 8.5, options.color ?? INK);
  doc.text(text, x, y, { width, align: options.align ?? 'left', lineGap: 0 });
  return doc.y;
}

function box(doc: PdfDocument, x: number, y: number, width: number, height: number) {
  doc.save().lineWidth(0.6).strokeColor(RULE).rect(x, y, width, height).stroke().restore();
}

function hline(doc: PdfDocument, y: number, x1 = LEFT, x2 = RIGHT, color = RULE) {
  doc.save().lineWidth(0.5).strokeColor(color).moveTo(x1, y).lineTo(x2, y).stroke().restore();
}

function partyLines(party: InvoicePdfParty): string {
  return `${party.address}\n${party.city} - ${party.pinCode}`;
}

/** Side of the e-invoice's QR image, in points (about 32 mm: the signed QR is a long JWT). */
const QR_SIZE = 92;

/**
 * The e-invoice particulars under the title: IRN, Ack No. and Ack Date on the left, the signed QR
 * code at the top right. Returns the y below the block.
 */
function drawEInvoice(doc: PdfDocument, eInvoice: InvoicePdfEInvoice, qrPng: Buffer, top: number): number {
  const textWidth = WIDTH - QR_SIZE - 12;
  let y = plain(doc, 'e-Invoice', LEFT, top, textWidth, { bold: true, size: 7.5, color: MUTED });
  y = labelled(doc, 'IRN', eInvoice.irn, LEFT, y + 2, textWidth, 8);
  y = labelled(doc, 'Ack No.', eInvoice.ackNo, LEFT, y + 2, textWidth, 8);
  y = labelled(doc, 'Ack Date', formatIstDateTime(eInvoice.ackDate), LEFT, y + 2, textWidth, 8);
  doc.image(qrPng, RIGHT - QR_SIZE, top, { width: QR_SIZE, height: QR_SIZE });
  return Math.max(y, top + QR_SIZE) + 4;
}

/** Page 1's heading: title, e-invoice particulars, supplier, invoice particulars, recipient and delivery address. */
function drawFirstPageHeading(doc: PdfDocument, data: InvoicePdfData, qrPng: Buffer | null): number {
  const { supplier, invoice, order } = data;
  plain(doc, 'TAX INVOICE', LEFT, MARGIN, WIDTH, { bold: true, size: 15, align: 'center' });
  // With an e-invoice the QR code takes the top right corner; the copy's name moves to the left.
  plain(doc, 'Original for recipient', LEFT, MARGIN + 3, WIDTH, { size: 7, color: MUTED, align: data.eInvoice && qrPng ? 'left' : 'right' });

  const top = data.eInvoice && qrPng ? drawEInvoice(doc, data.eInvoice, qrPng, MARGIN + 22) + 4 : MARGIN + 26;
  const pad = 6;
  const leftWidth = 300;
  const rightX = LEFT + leftWidth;
  const rightWidth = WIDTH - leftWidth;

  // Supplier (left) and the invoice's particulars (right).
  let y = plain(doc, supplier.name, LEFT + pad, top + pad, leftWidth - 2 * pad, { bold: true, size: 11 });
  y = plain(doc, supplier.address, LEFT + pad, y + 2, leftWidth - 2 * pad);
  y = labelled(doc, 'GSTIN', supplier.gstin + (supplier.pan ? `    PAN: ${supplier.pan}` : ''), LEFT + pad, y + 2, leftWidth - 2 * pad);
  y = labelled(doc, 'State', `${supplier.stateName} (${supplier.stateCode})`, LEFT + pad, y, leftWidth - 2 * pad);
  y = plain(doc, `Phone ${supplier.phone}  ·  ${supplier.email}`, LEFT + pad, y, leftWidth - 2 * pad, { color: MUTED, size: 8 });
  const supplierBottom = y + pad;

  const pos = placeOfSupply(order);
  let ry = top + pad;
  const rw = rightWidth - 2 * pad;
  ry = labelled(doc, 'Invoice No.', invoice.invoiceNo, rightX + pad, ry, rw, 9);
  ry = labelled(doc, 'Invoice date', formatInvoiceDate(invoice.invoiceDate), rightX + pad, ry + 1, rw, 9);
  ry = labelled(doc, 'Due date', formatInvoiceDate(invoice.dueDate), rightX + pad, ry + 1, rw);
  ry = labelled(doc, 'Order ref.', order.orderRefNo, rightX + pad, ry + 1, rw);
  ry = labelled(doc, 'Order date', formatInvoiceDate(order.orderDate), rightX + pad, ry + 1, rw);
  ry = labelled(doc, 'Place of supply', `${pos.stateName} (${pos.stateCode})`, rightX + pad, ry + 1, rw);
  ry = labelled(doc, 'Reverse charge', 'No', rightX + pad, ry + 1, rw);
  const particularsBottom = ry + pad;

  const firstBottom = Math.max(supplierBottom, particularsBottom);
  box(doc, LEFT, top, leftWidth, firstBottom - top);
  box(doc, rightX, top, rightWidth, firstBottom - top);

  // Recipient (bill-to) and delivery address (ship-to).
  const partyTop = firstBottom + 8;
  const halfWidth = WIDTH / 2;
  const { billTo, shipTo } = order;
  let by = plain(doc, 'Bill to (recipient)', LEFT + pad, partyTop + pad, halfWidth - 2 * pad, { bold: true, size: 7.5, color: MUTED });
  by = plain(doc, billTo.name, LEFT + pad, by + 1, halfWidth - 2 * pad, { bold: true, size: 9.5 });
  by = plain(doc, partyLines(billTo), LEFT + pad, by + 1, halfWidth - 2 * pad);
  by = labelled(doc, 'State', `${billTo.stateName} (${billTo.stateCode})`, LEFT + pad, by, halfWidth - 2 * pad);
  by = labelled(doc, 'GSTIN', billTo.gstin ?? 'Unregistered', LEFT + pad, by, halfWidth - 2 * pad);
  let partyBottom = by + pad;

  if (shipTo) {
    const sx = LEFT + halfWidth;
    let sy = plain(doc, 'Ship to (delivery address)', sx + pad, partyTop + pad, halfWidth - 2 * pad, { bold: true, size: 7.5, color: MUTED });
    sy = plain(doc, shipTo.name, sx + pad, sy + 1, halfWidth - 2 * pad, { bold: true, size: 9.5 });
    sy = plain(doc, partyLines(shipTo), sx + pad, sy + 1, halfWidth - 2 * pad);
    sy = labelled(doc, 'State', `${shipTo.stateName} (${shipTo.stateCode})`, sx + pad, sy, halfWidth - 2 * pad);
    if (shipTo.phone) sy = labelled(doc, 'Phone', shipTo.phone, sx + pad, sy, halfWidth - 2 * pad);
    partyBottom = Math.max(partyBottom, sy + pad);
    box(doc, LEFT, partyTop, halfWidth, partyBottom - partyTop);
    box(doc, sx, partyTop, halfWidth, partyBottom - partyTop);
  } else {
    box(doc, LEFT, partyTop, WIDTH, partyBottom - partyTop);
  }
  if (!data.transport) return partyBottom + 10;
  return drawTransport(doc, data.transport, partyBottom + 8) + 10;
}

/** The consignment's transport, in three columns under the addresses; returns the y below its box. */
function drawTransport(doc: PdfDocument, transport: InvoicePdfTransport, top: number): number {
  const pad = 6;
  const column = WIDTH / 3;
  const width = column - 2 * pad;
  const heading = plain(doc, 'Transport', LEFT + pad, top + pad, WIDTH - 2 * pad, { bold: true, size: 7.5, color: MUTED });
  let a = labelled(doc, 'Transporter', transport.transporter, LEFT + pad, heading + 1, width);
  a = labelled(doc, 'Docket / AWB No.', transport.docketNo, LEFT + pad, a + 1, width);
  let b = labelled(doc, 'Dispatch date', formatInvoiceDate(transport.dispatchDate), LEFT + column + pad, heading + 1, width);
  b = labelled(doc, 'Vehicle No.', transport.vehicleNo ?? '—', LEFT + column + pad, b + 1, width);
  const c = labelled(doc, 'E-way bill No.', transport.ewayBillNo ?? '—', LEFT + 2 * column + pad, heading + 1, width);
  const bottom = Math.max(a, b, c) + pad;
  box(doc, LEFT, top, WIDTH, bottom - top);
  return bottom;
}

/** Pages after the first: a one-line reminder of whose invoice this is. */
function drawContinuationHeading(doc: PdfDocument, data: InvoicePdfData): number {
  plain(doc, 'TAX INVOICE (continued)', LEFT, MARGIN, WIDTH / 2, { bold: true, size: 11 });
  plain(doc, `Invoice No. ${data.invoice.invoiceNo}  ·  ${formatInvoiceDate(data.invoice.invoiceDate)}`, LEFT + WIDTH / 2, MARGIN + 2, WIDTH / 2, {
    size: 8.5,
    align: 'right',
  });
  plain(doc, data.order.billTo.name, LEFT + WIDTH / 2, MARGIN + 13, WIDTH / 2, { size: 8, color: MUTED, align: 'right' });
  return MARGIN + 32;
}

function cellHeight(doc: PdfDocument, texts: string[], columns: Column[], bold: boolean, size: number): number {
  font(doc, bold, size);
  let height = 0;
  texts.forEach((text, i) => {
    height = Math.max(height, heightOf(doc, text, columns[i]!.width - 2 * CELL_PAD));
  });
  return height + 2 * CELL_PAD;
}

function drawRow(doc: PdfDocument, texts: string[], columns: Column[], y: number, height: number, bold: boolean, size: number) {
  let x = LEFT;
  font(doc, bold, size);
  texts.forEach((text, i) => {
    const column = columns[i]!;
    doc.text(text, x + CELL_PAD, y + CELL_PAD, { width: column.width - 2 * CELL_PAD, align: column.align, lineGap: 0, height: height - CELL_PAD });
    x += column.width;
  });
}

function drawTableHeader(doc: PdfDocument, columns: Column[], y: number): number {
  const headers = columns.map((column) => column.header);
  const height = cellHeight(doc, headers, columns, true, HEADER_FONT_SIZE);
  doc.save().rect(LEFT, y, WIDTH, height).fill(HEADER_FILL).restore();
  drawRow(doc, headers, columns, y, height, true, HEADER_FONT_SIZE);
  hline(doc, y, LEFT, RIGHT, MUTED);
  hline(doc, y + height, LEFT, RIGHT, MUTED);
  return y + height;
}

/** The line table, page after page; returns the y below its last row. */
function drawLines(doc: PdfDocument, data: InvoicePdfData, columns: Column[], startY: number): number {
  let y = drawTableHeader(doc, columns, startY);
  data.lines.forEach((line, index) => {
    const texts = columns.map((column) => column.cell(line, index));
    const height = cellHeight(doc, texts, columns, false, TABLE_FONT_SIZE);
    if (y + height > BOTTOM) {
      doc.addPage();
      y = drawTableHeader(doc, columns, drawContinuationHeading(doc, data));
    }
    drawRow(doc, texts, columns, y, height, false, TABLE_FONT_SIZE);
    y += height;
    hline(doc, y);
  });
  return y;
}

type TotalRow = { label: string; paise: Paise; bold?: boolean; signed?: boolean };

function totalRows(data: InvoicePdfData, interState: boolean): TotalRow[] {
  const { order, invoice } = data;
  const rows: TotalRow[] = [{ label: 'Total taxable value', paise: order.taxablePaise }];
  if (interState) {
    rows.push({ label: 'IGST', paise: order.igstPaise });
  } else {
    rows.push({ label: 'CGST', paise: order.cgstPaise }, { label: 'SGST', paise: order.sgstPaise });
  }
  if (order.roundOffPaise !== 0) rows.push({ label: 'Round off', paise: order.roundOffPaise, signed: true });
  rows.push({ label: 'Invoice total', paise: invoice.amountPaise, bold: true });
  return rows;
}

function money(paise: Paise, signed = false): string {
  return signed && paise > 0 ? `+${formatInr(paise)}` : formatInr(paise);
}

/** Totals, amount in words, paid and due, the declaration and the signature block. */
function drawTotals(doc: PdfDocument, data: InvoicePdfData, interState: boolean, startY: number) {
  const rows = totalRows(data, interState);
  const words = `${amountInWords(data.invoice.amountPaise)}`;
  font(doc, false, 8.5);
  const wordsHeight = heightOf(doc, words, WIDTH - 110);
  const needed = rows.length * 13 + 8 + wordsHeight + 12 + 2 * 13 + 70;
  let y = startY + 8;
  if (y + needed > BOTTOM) {
    doc.addPage();
    y = drawContinuationHeading(doc, data);
  }

  // Left: quantity and tax basis; right: the totals, amounts right-aligned.
  const totalsX = RIGHT - 230;
  const labelWidth = 130;
  const amountWidth = 230 - labelWidth;
  plain(doc, `Total quantity: ${data.order.totalQuantity} PCS`, LEFT, y, 200);
  plain(doc, interState ? 'Inter-State supply: IGST charged.' : 'Intra-State supply: CGST and SGST charged.', LEFT, y + 12, 220, {
    size: 8,
    color: MUTED,
  });
  let ty = y;
  for (const row of rows) {
    if (row.bold) hline(doc, ty - 2, totalsX, RIGHT, MUTED);
    const size = row.bold ? 10 : 8.5;
    plain(doc, row.label, totalsX, ty, labelWidth, { bold: row.bold ?? false, size });
    plain(doc, money(row.paise, row.signed), totalsX + labelWidth, ty, amountWidth, { bold: row.bold ?? false, size, align: 'right' });
    ty += row.bold ? 15 : 13;
  }
  y = Math.max(ty, y + 30) + 2;

  hline(doc, y);
  font(doc, true, 8.5);
  doc.text('Amount in words: ', LEFT, y + 5, { width: WIDTH, continued: true, lineGap: 0 });
  font(doc, false, 8.5);
  doc.text(words, { width: WIDTH, lineGap: 0 });
  y = doc.y + 5;
  hline(doc, y);

  y += 6;
  plain(doc, 'Amount paid', totalsX, y, labelWidth);
  plain(doc, formatInr(data.invoice.paidPaise), totalsX + labelWidth, y, amountWidth, { align: 'right' });
  plain(doc, 'Balance due', totalsX, y + 13, labelWidth, { bold: true });
  plain(doc, formatInr(data.invoice.balancePaise), totalsX + labelWidth, y + 13, amountWidth, { bold: true, align: 'right' });
  plain(doc, `Payment due by ${formatInvoiceDate(data.invoice.dueDate)}.`, LEFT, y, 250, { size: 8, color: MUTED });
  y += 34;

  plain(doc, 'This is a computer-generated invoice.', LEFT, y, 260, { size: 8 });
  plain(doc, 'Amounts in Indian rupees (₹).', LEFT, y + 11, 260, { size: 8, color: MUTED });
  plain(doc, `For ${data.supplier.name}`, RIGHT - 250, y, 250, { bold: true, size: 8.5, align: 'right' });
  plain(doc, 'Authorised Signatory', RIGHT - 250, y + 32, 250, { size: 8.5, align: 'right' });
}

/** "Page i of n" on every page (the pages are buffered until now). */
function drawPageNumbers(doc: PdfDocument, invoiceNo: string) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Text in the bottom margin would make pdfkit start a new page: lift the margin while writing.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    hline(doc, FOOTER_Y - 4);
    plain(doc, invoiceNo, LEFT, FOOTER_Y, WIDTH / 2, { size: 7, color: MUTED });
    plain(doc, `Page ${i - range.start + 1} of ${range.count}`, LEFT + WIDTH / 2, FOOTER_Y, WIDTH / 2, { size: 7, color: MUTED, align: 'right' });
    doc.page.margins.bottom = bottom;
  }
}

/** The signed QR code as a PNG (error correction M, as the IRP's own QR images). */
export function signedQrPng(signedQrCode: string): Promise<Buffer> {
  return QRCode.toBuffer(signedQrCode, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 4 * QR_SIZE });
}

/** Renders the tax invoice. */
export async function renderInvoicePdf(data: InvoicePdfData): Promise<Buffer> {
  const interState = isInterState(data);
  const columns = columnsFor(interState);
  const qrPng = data.eInvoice ? await signedQrPng(data.eInvoice.signedQrCode) : null;
  return renderPdf(
    {
      bufferPages: true,
      margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
      info: {
        title: `Tax invoice ${data.invoice.invoiceNo}`,
        author: data.supplier.name,
        subject: `Tax invoice ${data.invoice.invoiceNo} for order ${data.order.orderRefNo}`,
        creationDate: new Date(`${data.invoice.invoiceDate}T00:00:00+05:30`),
      },
    },
    (doc) => {
      const tableTop = drawFirstPageHeading(doc, data, qrPng);
      const afterLines = drawLines(doc, data, columns, tableTop);
      drawTotals(doc, data, interState, afterLines);
      drawPageNumbers(doc, data.invoice.invoiceNo);
    },
  );
}
