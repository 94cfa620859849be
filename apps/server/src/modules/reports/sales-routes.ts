import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SALES_REPORT_MAX_DAYS } from '@frameport/domain';
import { envelopeOf, GstQuerySchema, GstSummarySchema, ok, SalesQuerySchema, SalesReportSchema } from '@frameport/domain/contract';
import { requireRole } from '../../http/auth.ts';
import type { GstReports } from './gst.ts';
import type { SalesReports } from './sales.ts';
import type { SheetFile } from './sales-export.ts';

function sendFile(reply: FastifyReply, file: SheetFile) {
  return reply
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(file.body);
}

const FILES =
  'format=csv or format=xlsx answers the same rows (then the totals) as a file to download instead of the envelope: money in ' +
  'rupees with 2 decimals (number cells in XLSX), text cells starting with = + - @ written with a leading apostrophe so a ' +
  'spreadsheet never runs them as formulas.';

/** GET /api/admin/reports/sales and /gst: admin and accounts staff. */
export const salesReportRoutes: FastifyPluginAsyncZod<{ sales: SalesReports; gst: GstReports }> = async (app, { sales, gst }) => {
  app.get(
    '/api/admin/reports/sales',
    {
      onRequest: requireRole('admin', 'accounts'),
      schema: {
        tags: ['Admin'],
        summary: 'Sales (invoiced) by brand, style, state, city, retailer, sales executive or week, with the GST split: admin, accounts',
        description:
          'Sales are the invoiced value by invoice date: the lines of every invoice dated from `from` to `to` (both counted, ' +
          `India days; default this month so far; at most ${SALES_REPORT_MAX_DAYS} days), at the amounts the invoice billed — ` +
          "a shipment's invoice its shipment lines, a whole-order invoice of the seeded history its order's lines less cancelled " +
          'pieces. Not yet invoiced orders, cancelled pieces and free lines are not counted; round-off is in no line. Per group ' +
          'and in `totals`: invoices, quantity, taxable, cgst, sgst, igst, tax, total (rupees). State and city are the order’s ' +
          'bill-to (the place of supply); style and brand the line’s product; salesExecutive counts a retailer under every ' +
          "sales executive linked to it today (once in the totals; unlinked retailers under 'No sales executive', key 'none'); " +
          'week gives every Monday-to-Sunday week of the range oldest first (key = its Monday), other groupings largest total first. ' +
          FILES,
        querystring: SalesQuerySchema,
        response: { 200: envelopeOf(SalesReportSchema) },
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      if (format !== 'json') return sendFile(reply, await sales.salesFile(request.query, format));
      return ok(await sales.sales(request.query));
    },
  );

  app.get(
    '/api/admin/reports/gst',
    {
      onRequest: requireRole('admin', 'accounts'),
      schema: {
        tags: ['Admin'],
        summary: 'GST summary of a month (GSTR-1 / GSTR-3B figures) by rate and by place of supply: admin, accounts',
        description:
          'For the invoices dated in `month` (YYYY-MM, India; default this month): taxable value, CGST, SGST, IGST and tax by ' +
          'rate (with the taxable value within the State and inter-State) and by place of supply (the bill-to State the tax was ' +
          'charged for), each with the invoices it covers, and totals: every figure the sum of the amounts the invoices charged ' +
          "on their lines. totals.invoices counts every invoice of the month, invoiceValue sums their amounts (taxable + tax + " +
          'roundOff). ' +
          FILES,
        querystring: GstQuerySchema,
        response: { 200: envelopeOf(GstSummarySchema) },
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      if (format !== 'json') return sendFile(reply, await gst.gstFile(query, format));
      return ok(await gst.gst(query));
    },
  );
};
