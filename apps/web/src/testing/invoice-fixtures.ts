import type { AccountStatement, GetRazorpaymentStatusResponse, InvoiceRow, StatementEntry } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { invoiceMessages } from '@frameport/domain/messages/invoices';
import { fakeAccountServer, type FakeAccount } from './account-fixtures.ts';
import { jsonResponse } from './render-app.tsx';

/** Invoice test data shaped by the contract, and a fake server for the invoice and payment calls (tests only). */

const pad = (n: number) => String(n).padStart(5, '0');

export const invoiceNo = (n: number) => `FP/26-27/${pad(n)}`;

/** Invoice `n`: ₹5,000.00, unpaid, dated n days after 1 April 2026. */
export function invoiceRow(n: number, overrides: Partial<InvoiceRow> = {}): InvoiceRow {
  const day = new Date(Date.UTC(2026, 3, 1 + n)).toISOString().slice(0, 10);
  const due = new Date(Date.UTC(2026, 3, 31 + n)).toISOString().slice(0, 10);
  return {
    InvoiceID: n,
    InvoiceNo: invoiceNo(n),
    InvoiceDate: day,
    InvoiceAmount: 5000,
    PaymentAmount: 0,
    BalanceAmount: 5000,
    PaymentStatus: 'Unpaid',
    DocumentURL: `/backoffice/LensMaster/InvoiceDocument/${n}`,
    OrderID: 100 + n,
    OrderRefNo: `FP/2026-27/${String(100 + n).padStart(6, '0')}`,
    DueDate: due,
    DaysOverdue: 0,
    ...overrides,
  };
}

/** Three invoices, newest first: 3 unpaid (₹5,000.00), 2 partially paid (₹1,250.50 left, 12 days overdue), 1 paid. */
export function threeInvoices(): InvoiceRow[] {
  return [
    invoiceRow(3),
    invoiceRow(2, { InvoiceAmount: 3000, PaymentAmount: 1749.5, BalanceAmount: 1250.5, PaymentStatus: 'Partially Paid', DaysOverdue: 12 }),
    invoiceRow(1, { InvoiceAmount: 2100, PaymentAmount: 2100, BalanceAmount: 0, PaymentStatus: 'Paid' }),
  ];
}

/** `count` unpaid invoices, newest first. */
export function manyInvoices(count: number): InvoiceRow[] {
  return Array.from({ length: count }, (_, index) => invoiceRow(count - index));
}

export function statementEntry(overrides: Partial<StatementEntry> = {}): StatementEntry {
  return { Date: '2026-04-03', Kind: 'Invoice', Reference: invoiceNo(2), Debit: 3000, Credit: 0, Balance: 3000, Sandbox: false, ...overrides };
}

export function accountStatement(overrides: Partial<AccountStatement> = {}): AccountStatement {
  const [unpaid, partial] = threeInvoices();
  return {
    RetailerID: 3,
    BusinessName: 'Verma Opticals',
    FromDate: '2026-02-01',
    ToDate: '2026-05-02',
    CreditDays: 30,
    TotalOutstanding: 6250.5,
    Overdue: 1250.5,
    NotYetDue: 5000,
    Credit: 0,
    OpeningBalance: 2100,
    ClosingBalance: 6250.5,
    OpenInvoices: [partial!, unpaid!],
    Entries: [
      statementEntry({ Date: '2026-04-02', Reference: invoiceNo(1), Debit: 2100, Balance: 4200 }),
      statementEntry({ Date: '2026-04-03', Kind: 'Payment', Reference: 'FPTXN202604030001', Debit: 0, Credit: 2100, Balance: 2100 }),
      statementEntry({ Date: '2026-04-04', Reference: invoiceNo(3), Debit: 5000, Balance: 7100 }),
      // Paid in the payment sandbox: no money moved.
      statementEntry({ Date: '2026-04-10', Kind: 'Payment', Reference: 'FPTXN202604100002', Debit: 0, Credit: 849.5, Balance: 6250.5, Sandbox: true }),
    ],
    ...overrides,
  };
}

export const PAYMENT_URL = '/backoffice/LensMaster/SandboxPay/plink_sbx_1';

export function statusReply(status: GetRazorpaymentStatusResponse['status'], overrides: Partial<GetRazorpaymentStatusResponse> = {}): GetRazorpaymentStatusResponse {
  const message =
    status === 'paid' ? messages.payment.paid : status === 'created' ? messages.payment.pending : status === 'expired' ? messages.payment.expired : messages.payment.failed;
  return { result: status === 'paid', message, status, transactionNo: 'FPTXN202605020001', amount: 1000, ...overrides };
}

const ok = (Data: unknown) => jsonResponse({ Status: 0, Error: null, Data });
const failure = (message: string, status: number) =>
  jsonResponse({ Status: 1, Error: { Message: message, StackTrace: null }, Data: null }, status);

export type FakeInvoices = {
  /** The report's rows, newest first (a function is read on every call); 'fail' answers 500. */
  invoices?: InvoiceRow[] | (() => InvoiceRow[]) | 'fail';
  statement?: AccountStatement | 'fail';
  /** How RazorpaymentRequest answers; default: a link for the amount asked. */
  paymentRequest?: (body: Record<string, unknown>) => Promise<Response> | Response;
  /** The status replies in turn; the last one repeats. Default: still 'created'. */
  statuses?: GetRazorpaymentStatusResponse[];
  /** How the PDF download answers. */
  pdf?: 'ok' | 'fail';
  account?: FakeAccount;
};

function bodyOf(init: RequestInit | undefined): Record<string, unknown> {
  return typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
}

/**
 * `fetch` answering like the server for the invoice and payment calls, plus the account calls
 * (the signed-in retailer's profile, RetailerID 3); anything else is a 404 envelope.
 */
export function fakeInvoiceServer(data: FakeInvoices = {}) {
  let statusCalls = 0;
  const spy = fakeAccountServer(data.account ?? {});
  const accountCalls = spy.getMockImplementation();
  spy.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const body = bodyOf(init);
    switch (url.pathname) {
      case '/backoffice/LensMaster/LensInvoiceReport': {
        const invoices = data.invoices ?? threeInvoices();
        if (invoices === 'fail') return failure('Something went wrong. Please try again.', 500);
        const rows = typeof invoices === 'function' ? invoices() : invoices;
        return ok({ result: rows.length > 0, stores: JSON.stringify(rows), message: rows.length > 0 ? '' : invoiceMessages.notFound });
      }
      case '/backoffice/LensMaster/AccountStatement': {
        const statement = data.statement ?? accountStatement();
        return statement === 'fail' ? failure('Something went wrong. Please try again.', 500) : ok(statement);
      }
      case '/backoffice/LensMaster/RazorpaymentRequest':
        if (data.paymentRequest) return data.paymentRequest(body);
        return ok({
          result: true,
          message: messages.payment.linkCreated,
          paymentLinkId: 'plink_sbx_1',
          transactionNo: 'FPTXN202605020001',
          paymentUrl: PAYMENT_URL,
          amount: Number(body.TransactionAmount),
        });
      case '/backoffice/LensMaster/GetRazorpaymentStatus': {
        const replies = data.statuses ?? [statusReply('created')];
        const reply = replies[Math.min(statusCalls, replies.length - 1)];
        statusCalls += 1;
        return ok(reply);
      }
      default:
        if (url.pathname.startsWith('/backoffice/LensMaster/InvoiceDocument/')) {
          return data.pdf === 'fail'
            ? failure(invoiceMessages.oneNotFound, 404)
            : new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } });
        }
        return accountCalls ? accountCalls(input, init) : failure('Not found', 404);
    }
  });
  return spy;
}

/** How many calls went to `path` so far. */
export function callCount(fetchSpy: ReturnType<typeof fakeInvoiceServer>, path: string): number {
  return fetchSpy.mock.calls.filter(([input]) => new URL(String(input), 'http://localhost').pathname === path).length;
}
