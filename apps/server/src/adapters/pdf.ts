/**
 * PDF documents with pdfkit, written in memory: A4 by default, DejaVu Sans (regular and bold, from the
 * npm package `dejavu-fonts-ttf`) so that '₹' and other non-Latin-1 characters render. The standard
 * Helvetica cannot draw '₹' (stack-notes §7), so no standard font is ever used.
 *
 * The document is collected from its 'data' chunks and handed back as one Buffer once it has
 * ended: no file, no stream to flush (the pitfall of stack-notes §7 is about piping to a file).
 */
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);

/** Names the fonts are registered under in every document of this adapter. */
export const PDF_FONTS = { regular: 'DejaVuSans', bold: 'DejaVuSans-Bold' } as const;

const FONT_FILES = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
} as const;

let fontPaths: { regular: string; bold: string } | undefined;

/** Where the TTF files are (resolved once); pdfkit embeds only the glyphs a document uses. */
export function pdfFontPaths(): { regular: string; bold: string } {
  fontPaths ??= { regular: require.resolve(FONT_FILES.regular), bold: require.resolve(FONT_FILES.bold) };
  return fontPaths;
}

export type PdfDocument = PDFKit.PDFDocument;

export type PdfOptions = {
  /** Default 'A4' (595.28 × 841.89 pt). */
  size?: string | [number, number];
  /** Default 36 pt (half an inch) on every side. */
  margins?: { top: number; bottom: number; left: number; right: number };
  /**
   * Keep every page until the end, so `draw` can go back to earlier pages
   * (`doc.bufferedPageRange()`, `doc.switchToPage(i)`) e.g. to write "Page 1 of 3".
   */
  bufferPages?: boolean;
  /**
   * Document metadata. `creationDate` is required and is the only date in the file, so the same
   * content and date always give the same bytes (pdfkit derives the file id from it).
   */
  info: { title: string; author?: string; subject?: string; creationDate: Date };
};

/**
 * Creates a document with the DejaVu fonts registered (and the regular one selected), lets `draw`
 * write it synchronously, ends it and resolves with the whole file. A `draw` that throws rejects.
 */
export function renderPdf(options: PdfOptions, draw: (doc: PdfDocument) => void): Promise<Buffer> {
  const { regular, bold } = pdfFontPaths();
  return new Promise<Buffer>((resolve, reject) => {
    let doc: PdfDocument;
    try {
      doc = new PDFDocument({
        size: options.size ?? 'A4',
        margins: options.margins ?? { top: 36, bottom: 36, left: 36, right: 36 },
        bufferPages: options.bufferPages ?? false,
        // Starts on DejaVu Sans, never on the standard Helvetica (which has no '₹').
        font: regular,
        info: {
          Title: options.info.title,
          ...(options.info.author ? { Author: options.info.author } : {}),
          ...(options.info.subject ? { Subject: options.info.subject } : {}),
          Producer: 'Frameport',
          Creator: 'Frameport',
          CreationDate: options.info.creationDate,
        },
      });
    } catch (error) {
      reject(error);
      return;
    }
    const chunks: Buffer[] = [];
    // Listeners first: pdfkit writes the header as soon as the document exists.
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      doc.registerFont(PDF_FONTS.regular, regular);
      doc.registerFont(PDF_FONTS.bold, bold);
      doc.font(PDF_FONTS.regular);
      draw(doc);
      doc.end();
    } catch (error) {
      doc.removeAllListeners('end');
      reject(error);
    }
  });
}
