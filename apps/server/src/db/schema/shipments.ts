/**
 * Shipments: what leaves the warehouse, in one or more parts per order. Written by
 * modules/shipments (make, pack, unpack, dispatch, deliver); each shipment's dispatch raises its
 * tax invoice (modules/invoices), and the order's header status is derived from its shipments.
 */
import { SHIPMENT_STATUSES } from '@frameport/domain';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, paise, percent, sqlList, tstz, updatedAt } from './columns.ts';
import { users } from './accounts.ts';
import { orderLines, orders } from './orders.ts';

export { SHIPMENT_STATUSES };

export const shipments = pgTable(
  'shipments',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** 1, 2, … within the order. */
    shipmentNo: integer().notNull(),
    status: text({ enum: SHIPMENT_STATUSES }).notNull().default('Packing'),
    boxes: integer(),
    transporter: text(),
    docketNo: text(),
    vehicleNo: text(),
    dispatchDate: date({ mode: 'string' }),
    ewayBillNo: text(),
    deliveredOn: date({ mode: 'string' }),
    receivedBy: text(),
    /** The consignment value with GST, fixed at dispatch (its invoice's amount). */
    valuePaise: paise(),
    createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    packedAt: tstz(),
    packedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    dispatchedAt: tstz(),
    dispatchedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    deliveredAt: tstz(),
    deliveredByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shipments_order_id_shipment_no_unique').on(t.orderId, t.shipmentNo),
    index('shipments_status_idx').on(t.status),
    check('shipments_status_check', sql`status in (${sqlList(SHIPMENT_STATUSES)})`),
    check('shipments_boxes_positive', sql`boxes is null or boxes > 0`),
    check(
      'shipments_dispatch_complete',
      sql`status not in ('Dispatched', 'Delivered') or (transporter is not null and docket_no is not null and dispatch_date is not null and value_paise is not null)`,
    ),
    check('shipments_delivery_complete', sql`status <> 'Delivered' or (delivered_on is not null and received_by is not null)`),
  ],
);

/**
 * What a shipment carries of each order line. The money columns are its invoice's share of the
 * line (domain `shipmentLineTotals`), written at dispatch; null before. `gstRatePercent` is the GST
 * rate its invoice charged: the rate in force on the invoice date for the line's HSN code
 * (`gst_rates`), or the order line's own rate when the table has no entry for it. Null before
 * dispatch, and on lines dispatched before migration 0013 (they were billed at the order line's rate).
 */
export const shipmentLines = pgTable(
  'shipment_lines',
  {
    shipmentId: integer()
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    orderLineId: integer()
      .notNull()
      .references(() => orderLines.id, { onDelete: 'restrict' }),
    quantity: integer().notNull(),
    taxablePaise: paise(),
    cgstPaise: paise(),
    sgstPaise: paise(),
    igstPaise: paise(),
    totalPaise: paise(),
    gstRatePercent: percent(),
  },
  (t) => [
    primaryKey({ columns: [t.shipmentId, t.orderLineId] }),
    index('shipment_lines_order_line_id_idx').on(t.orderLineId),
    check('shipment_lines_quantity_positive', sql`quantity > 0`),
  ],
);

export type Shipment = typeof shipments.$inferSelect;
export type NewShipment = typeof shipments.$inferInsert;
export type ShipmentLine = typeof shipmentLines.$inferSelect;
