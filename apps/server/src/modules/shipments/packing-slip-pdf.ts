/**
 * A shipment's packing slip as a PDF: what goes in the boxes, for the packer and for whoever
 * receives them. The company, the order and shipment, the delivery address, and one row per line
 * (model, colour, size, quantity) with the pieces and boxes in total. No prices: the tax invoice
 * (modules/invoices) carries them.
 *
 * A4, DejaVu Sans (adapters/pdf.ts); rows flow onto further pages, each repeating the table header,
 * and every page says "Page i of n". The same data always gives the same bytes.
 */
import { PDF_FONTS, renderPdf, type PdfDocument } from '../../adapters/pdf.ts';

export type PackingSlipData = {
  supplier: { name: string; address: string; gstin: string; phone: string; email: string };
  order: { orderRefNo: string; /** 'YYYY-MM-DD' (India) */ orderDate: string };
  shipment: {
    shipmentNo: number;
    status: string;
    boxes: number | null;
    /** 'YYYY-MM-DD', when dispatched */
    dispatchDate: string | null;
    transporter: string | null;
    docketNo: string | null;
    /** When the slip was drawn: its date in the file (so the same shipment gives the same bytes that day). */
    printedOn: string;
  };
  shipTo: { name: string; address: string; city: string; pinCode: string; stateName: string; stateCode: string; phone: string | null };
  lines: { productCode: string; modelName: string; productName: string; colourName: string; colorVariant: string; sizeName: string | null; quantity: number }[];
};

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 36;
const LEFT = MARGIN;
const WIDTH = PAGE.width - 2 * MARGIN;
const BOTTOM = PAGE.height - MARGIN - 20;
const FOOTER_Y = PAGE.height - MARGIN - 8;
const INK = '#1a1a1a';
const MUTED = '#555555';
const RULE = '#b8b8b8';
const HEADER_FILL = '#ececec';
const PAD = 4;

type Column = { header: string; width: number; align: 'left' | 'right' | 'center'; cell: (line: PackingSlipData['lines'][number], index: number) => string };

const COLUMNS: Column[] = [
  { header: 'Sr', width: 26, align: 'center', cell: (_line, index) => String(index + 1) },
  { header: 'Model', width: 150, align: 'left', cell: (line) => `${line.productCode}\n${line.modelName}` },
  { header: 'Product', width: 130, align: 'left', cell: (line) => line.productName },
  { header: 'Colour', width: 110, align: 'left', cell: (line) => `${line.colourName} (${line.colorVariant})` },
  { header: 'Size', width: 42, align: 'center', cell: (line) => line.sizeName ?? '' },
];
const QTY: Column = { header: 'Qty', width: WIDTH - COLUMNS.reduce((n, c) => n + c.width, 0), align: 'right', cell: (line) => String(line.quantity) };
const TABLE = [...COLUMNS, QTY];

function text(doc: PdfDocument, value: string, x: number, y: number, width: number, options: { bold?: boolean; size?: number; color?: string; align?: Column['align'] } = {}): number {
  doc
    .font(options.bold ? PDF_FONTS.bold : PDF_FONTS.regular)
    .fontSize(options.size ?? 9)
    .fillColor(options.color ?? INK);
  doc.text(value, x, y, { width, align: options.align ?? 'left', lineGap: 0 });
  return doc.y;
}

function rule(doc: PdfDocument, y: number, color = RULE) {
  doc.save().lineWidth(0.5).strokeColor(color).moveTo(LEFT, y).lineTo(LEFT + WIDTH, y).stroke().restore();
}

function rowHeight(doc: PdfDocument, cells: string[], bold: boolean): number {
  doc.font(bold ? PDF_FONTS.bold : PDF_FONTS.regular).fontSize(8.5);
  return Math.max(...cells.map((cell, i) => doc.heightOfString(cell || ' ', { width: TABLE[i]!.width - 2 * PAD, lineGap: 0 }))) + 2 * PAD;
}

function drawRow(doc: PdfDocument, cells: string[], y: number, bold: boolean, fill?: string): number {
  const height = rowHeight(doc, cells, bold);
  if (fill) doc.save().rect(LEFT, y, WIDTH, height).fill(fill).restore();
  let x = LEFT;
  cells.forEach((cell, i) => {
    const column = TABLE[i]!;
    text(doc, cell, x + PAD, y + PAD, column.width - 2 * PAD, { bold, size: 8.5, align: column.align });
    x += column.width;
  });
  rule(doc, y + height, bold ? MUTED : RULE);
  return y + height;
}

function heading(doc: PdfDocument, data: PackingSlipData): number {
  const { supplier, order, shipment, shipTo } = data;
  text(doc, 'PACKING SLIP', LEFT, MARGIN, WIDTH, { bold: true, size: 15, align: 'center' });
  let y = text(doc, supplier.name, LEFT, MARGIN + 26, WIDTH / 2, { bold: true, size: 11 });
  y = text(doc, supplier.address, LEFT, y + 2, WIDTH / 2 - 10);
  y = text(doc, `GSTIN ${supplier.gstin}`, LEFT, y + 2, WIDTH / 2 - 10);
  y = text(doc, `Phone ${supplier.phone}  ·  ${supplier.email}`, LEFT, y, WIDTH / 2 - 10, { size: 8, color: MUTED });

  const right = LEFT + WIDTH / 2;
  const facts = [
    ['Order ref.', order.orderRefNo],
    ['Order date', order.orderDate],
    ['Shipment', `${shipment.shipmentNo} (${shipment.status})`],
    ['Boxes', shipment.boxes === null ? 'Not packed yet' : String(shipment.boxes)],
    ...(shipment.dispatchDate ? [['Dispatched', shipment.dispatchDate]] : []),
    ...(shipment.transporter ? [['Transporter', `${shipment.transporter}${shipment.docketNo ? `, docket ${shipment.docketNo}` : ''}`]] : []),
  ];
  let ry = MARGIN + 26;
  for (const [label, value] of facts) ry = text(doc, `${label}: ${value}`, right, ry, WIDTH / 2, { size: 9 }) + 1;

  let sy = Math.max(y, ry) + 12;
  sy = text(doc, 'Ship to', LEFT, sy, WIDTH, { bold: true, size: 8, color: MUTED });
  sy = text(doc, shipTo.name, LEFT, sy + 1, WIDTH, { bold: true, size: 10 });
  sy = text(doc, `${shipTo.address}\n${shipTo.city} - ${shipTo.pinCode}\n${shipTo.stateName} (${shipTo.stateCode})`, LEFT, sy + 1, WIDTH);
  if (shipTo.phone) sy = text(doc, `Phone ${shipTo.phone}`, LEFT, sy, WIDTH);
  return sy + 12;
}

export function packingSlipFileName(orderRefNo: string, shipmentNo: number): string {
  return `Packing-slip-${orderRefNo.replace(/\//g, '-')}-${shipmentNo}.pdf`;
}

export function renderPackingSlipPdf(data: PackingSlipData): Promise<Buffer> {
  const title = `Packing slip ${data.order.orderRefNo} shipment ${data.shipment.shipmentNo}`;
  return renderPdf(
    {
      bufferPages: true,
      margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
      info: { title, author: data.supplier.name, creationDate: new Date(`${data.shipment.printedOn}T00:00:00+05:30`) },
    },
    (doc) => {
      const header = TABLE.map((column) => column.header);
      let y = drawRow(doc, header, heading(doc, data), true, HEADER_FILL);
      data.lines.forEach((line, index) => {
        const cells = TABLE.map((column) => column.cell(line, index));
        if (y + rowHeight(doc, cells, false) > BOTTOM) {
          doc.addPage();
          y = drawRow(doc, header, MARGIN, true, HEADER_FILL);
        }
        y = drawRow(doc, cells, y, false);
      });
      const pieces = data.lines.reduce((n, line) => n + line.quantity, 0);
      if (y + 40 > BOTTOM) {
        doc.addPage();
        y = MARGIN;
      }
      text(doc, `Total: ${pieces} piece${pieces === 1 ? '' : 's'}${data.shipment.boxes === null ? '' : ` in ${data.shipment.boxes} box${data.shipment.boxes === 1 ? '' : 'es'}`}`, LEFT, y + 8, WIDTH, {
        bold: true,
        size: 10,
        align: 'right',
      });
      text(doc, 'Received in good condition (name, signature, date): ____________________________', LEFT, y + 30, WIDTH, { size: 8.5 });

      const range = doc.bufferedPageRange();
      for (let i = range.start; i < range.start + range.count; i++) {
        doc.switchToPage(i);
        const bottom = doc.page.margins.bottom;
        doc.page.margins.bottom = 0;
        text(doc, title, LEFT, FOOTER_Y, WIDTH / 2, { size: 7, color: MUTED });
        text(doc, `Page ${i - range.start + 1} of ${range.count}`, LEFT + WIDTH / 2, FOOTER_Y, WIDTH / 2, { size: 7, color: MUTED, align: 'right' });
        doc.page.margins.bottom = bottom;
      }
    },
  );
}
