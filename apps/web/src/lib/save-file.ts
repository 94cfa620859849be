import { fetchFile } from './api-client.ts';

/** Saves a downloaded file under `fileName` (a link click works on phones, where pop-ups are blocked). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the blob after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** 'FP/26-27/00001' → 'FP-26-27-00001.pdf': a file name without slashes. */
export function pdfFileName(invoiceNo: string): string {
  return `${invoiceNo.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
}

/**
 * Downloads an invoice's tax-invoice PDF: its DocumentURL needs the bearer token, so it is fetched
 * (failures are ApiErrors, as `apiFetch`'s) and saved as 'FP-26-27-00001.pdf'.
 */
export async function downloadInvoicePdf(invoice: { DocumentURL: string; InvoiceNo: string }): Promise<void> {
  saveFile(await fetchFile(invoice.DocumentURL, { accept: 'application/pdf' }), pdfFileName(invoice.InvoiceNo));
}
