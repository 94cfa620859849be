import {
  AdminOrderDetailSchema,
  EInvoiceRegistrationSchema,
  type AdminOrderDetail,
  type EditLinesBody,
} from '@frameport/domain/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { apiFetch, fetchFile } from '../../../lib/api-client.ts';

/**
 * The order page's calls (/api/admin/...). Every action answers the order as it now is: the answer
 * goes straight into the query cache, so the page redraws from it without asking again. Every
 * change carries an Idempotency-Key: one per user action, the same one when that action is sent
 * again (a double click, a retry after the network failed), a new one once it has succeeded.
 */

/** The root of every back-office query key (the queue's keys live under it too). */
export const ADMIN_QUERY_ROOT = ['admin'] as const;

export const adminOrderQueries = {
  all: () => [...ADMIN_QUERY_ROOT, 'orders'] as const,
  /** GET /api/admin/orders/:id. */
  detail: (orderId: number) =>
    queryOptions({
      // The shape the other admin screens use for one order, so they share the cache.
      queryKey: [...adminOrderQueries.all(), 'detail', { id: orderId }] as const,
      queryFn: ({ signal }) => apiFetch(`/api/admin/orders/${orderId}`, { schema: AdminOrderDetailSchema, signal }),
    }),
};

/** One desk action: where it goes and what it sends. */
export type DeskRequest = {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
};

export const deskRequests = {
  confirm: (orderId: number, overrideReason?: string): DeskRequest => ({
    method: 'POST',
    path: `/api/admin/orders/${orderId}/confirm`,
    body: overrideReason === undefined ? {} : { override: { reason: overrideReason } },
  }),
  hold: (orderId: number, kind: string, reason: string): DeskRequest => ({
    method: 'POST',
    path: `/api/admin/orders/${orderId}/hold`,
    body: { kind, reason },
  }),
  release: (orderId: number): DeskRequest => ({ method: 'POST', path: `/api/admin/orders/${orderId}/release`, body: {} }),
  cancel: (orderId: number, reason: string): DeskRequest => ({
    method: 'POST',
    path: `/api/admin/orders/${orderId}/cancel`,
    body: { reason },
  }),
  cancelLine: (orderId: number, lineId: number, reason: string): DeskRequest => ({
    method: 'POST',
    path: `/api/admin/orders/${orderId}/lines/${lineId}/cancel`,
    body: { reason },
  }),
  expectedDate: (orderId: number, lineId: number, expectedDate: string | null): DeskRequest => ({
    method: 'PUT',
    path: `/api/admin/orders/${orderId}/lines/${lineId}/expected-date`,
    body: { expectedDate },
  }),
  editLines: (orderId: number, body: EditLinesBody): DeskRequest => ({
    method: 'PUT',
    path: `/api/admin/orders/${orderId}/lines`,
    body,
  }),
  createShipment: (orderId: number, lines: { orderLineId: number; quantity: number }[]): DeskRequest => ({
    method: 'POST',
    path: `/api/admin/orders/${orderId}/shipments`,
    body: { lines },
  }),
  pack: (shipmentId: number, boxes: number): DeskRequest => ({
    method: 'POST',
    path: `/api/admin/shipments/${shipmentId}/pack`,
    body: { boxes },
  }),
  unpack: (shipmentId: number): DeskRequest => ({ method: 'POST', path: `/api/admin/shipments/${shipmentId}/unpack`, body: {} }),
  deleteShipment: (shipmentId: number): DeskRequest => ({ method: 'DELETE', path: `/api/admin/shipments/${shipmentId}` }),
  dispatch: (
    shipmentId: number,
    body: { transporter: string; docketNo: string; vehicleNo: string | null; dispatchDate: string; ewayBillNo: string | null },
  ): DeskRequest => ({ method: 'POST', path: `/api/admin/shipments/${shipmentId}/dispatch`, body }),
  deliver: (shipmentId: number, body: { deliveredOn: string; receivedBy: string }): DeskRequest => ({
    method: 'POST',
    path: `/api/admin/shipments/${shipmentId}/deliver`,
    body,
  }),
};

export type DeskRequestName = keyof typeof deskRequests;

function newKey(): string {
  return crypto.randomUUID();
}

/**
 * Sends desk actions for one order and puts each answer (the updated order) into the cache. The
 * Idempotency-Key of an action is kept until that action succeeds: sending the same action again
 * after a failure reuses it (the server rolls a refused change back with its key, and answers a
 * change that did commit, whose answer was lost, with the stored result instead of repeating it).
 * `action` names the user action (e.g. 'confirm', 'pack:12'): each has its own key.
 */
export function useDeskAction(orderId: number) {
  const queryClient = useQueryClient();
  const keys = useRef(new Map<string, string>());
  return useMutation({
    mutationFn: ({ action, request }: { action: string; request: DeskRequest }) => {
      let key = keys.current.get(action);
      if (key === undefined) {
        key = newKey();
        keys.current.set(action, key);
      }
      return apiFetch(request.path, {
        method: request.method,
        body: request.body,
        schema: AdminOrderDetailSchema,
        headers: { 'Idempotency-Key': key },
      });
    },
    onSuccess: (order: AdminOrderDetail, { action }) => {
      keys.current.delete(action);
      queryClient.setQueryData(adminOrderQueries.detail(orderId).queryKey, order);
      // The queue (and anything else under the admin root) shows this order's status too.
      const thisOrder = JSON.stringify(adminOrderQueries.detail(orderId).queryKey);
      void queryClient.invalidateQueries({
        queryKey: ADMIN_QUERY_ROOT,
        predicate: (query) => JSON.stringify(query.queryKey) !== thisOrder,
      });
    },
  });
}

/** What the Invoice Registration Portal answered for an invoice, as accounts type it in. */
export type IrnRecord = { irn: string; ackNo: string; ackDate: string; signedQrCode: string };

/**
 * Records an invoice's e-invoice registration (PUT /api/admin/invoices/:id/irn, admin and accounts)
 * with an Idempotency-Key kept per invoice until it succeeds, as the desk's actions do; then the
 * order is read again, since the answer is the registration, not the order.
 */
export function useRecordIrn(orderId: number) {
  const queryClient = useQueryClient();
  const keys = useRef(new Map<number, string>());
  return useMutation({
    mutationFn: ({ invoiceId, record }: { invoiceId: number; record: IrnRecord }) => {
      let key = keys.current.get(invoiceId);
      if (key === undefined) {
        key = newKey();
        keys.current.set(invoiceId, key);
      }
      return apiFetch(`/api/admin/invoices/${invoiceId}/irn`, {
        method: 'PUT',
        body: record,
        schema: EInvoiceRegistrationSchema,
        headers: { 'Idempotency-Key': key },
      });
    },
    onSuccess: async (_registration, { invoiceId }) => {
      keys.current.delete(invoiceId);
      await queryClient.invalidateQueries({ queryKey: adminOrderQueries.detail(orderId).queryKey });
    },
  });
}

/** The documents the page links to (they need the bearer token, so they are fetched, not linked). */
export const deskDocuments = {
  packingSlip: (shipmentId: number) => ({
    path: `/api/admin/shipments/${shipmentId}/packing-slip`,
    accept: 'application/pdf',
  }),
  invoicePdf: (invoiceId: number) => ({ path: `/api/admin/invoices/${invoiceId}/document`, accept: 'application/pdf' }),
  eInvoice: (invoiceId: number) => ({ path: `/api/admin/invoices/${invoiceId}/e-invoice`, accept: 'application/json' }),
};

export function fetchDeskDocument(document: { path: string; accept: string }): Promise<Blob> {
  return fetchFile(document.path, { accept: document.accept });
}
