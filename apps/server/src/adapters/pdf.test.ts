import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { PDF_FONTS, renderPdf } from './pdf.ts';

const info = { title: 'Probe', creationDate: new Date('2026-11-20T00:00:00+05:30') };

async function textOf(pdf: Buffer) {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  return extractText(document, { mergePages: false });
}

describe('renderPdf', () => {
  it('answers the whole document as one Buffer, in DejaVu Sans, with the rupee sign', async () => {
    const pdf = await renderPdf({ info }, (doc) => {
      doc.text('Invoice total ₹12,34,567.50');
      doc.font(PDF_FONTS.bold).text('Bold heading');
    });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
    const { totalPages, text } = await textOf(pdf);
    expect(totalPages).toBe(1);
    expect(text[0]).toContain('Invoice total ₹12,34,567.50');
    expect(text[0]).toContain('Bold heading');
    // Both TrueType faces are embedded (as subsets); the standard Helvetica (no '₹') is never used.
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans-Bold\b/);
    expect(raw).not.toContain('Helvetica');
  });

  it('gives the same bytes for the same content and creation date', async () => {
    const draw = (doc: PDFKit.PDFDocument) => doc.text('Same content');
    const first = await renderPdf({ info }, draw);
    const second = await renderPdf({ info }, draw);
    expect(first.equals(second)).toBe(true);
    const later = await renderPdf({ info: { ...info, creationDate: new Date('2026-11-21T00:00:00+05:30') } }, draw);
    expect(later.equals(first)).toBe(false);
  });

  it('keeps pages when asked, so a footer can be written on each at the end', async () => {
    const pdf = await renderPdf({ info, bufferPages: true }, (doc) => {
      doc.text('First page');
      doc.addPage().text('Second page');
      const range = doc.bufferedPageRange();
      for (let i = 0; i < range.count; i++) {
        doc.switchToPage(range.start + i);
        doc.text(`Page ${i + 1} of ${range.count}`, 36, 100);
      }
    });
    const { totalPages, text } = await textOf(pdf);
    expect(totalPages).toBe(2);
    expect(text[0]).toContain('Page 1 of 2');
    expect(text[1]).toContain('Second page');
    expect(text[1]).toContain('Page 2 of 2');
  });

  it('rejects when drawing throws', async () => {
    await expect(
      renderPdf({ info }, () => {
        throw new Error('drawing failed');
      }),
    ).rejects.toThrow('drawing failed');
  });
});
