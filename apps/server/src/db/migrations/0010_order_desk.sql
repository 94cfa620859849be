CREATE TABLE "shipment_lines" (
	"shipment_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"taxable_paise" bigint,
	"cgst_paise" bigint,
	"sgst_paise" bigint,
	"igst_paise" bigint,
	"total_paise" bigint,
	CONSTRAINT "shipment_lines_shipment_id_order_line_id_pk" PRIMARY KEY("shipment_id","order_line_id"),
	CONSTRAINT "shipment_lines_quantity_positive" CHECK (quantity > 0)
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"shipment_no" integer NOT NULL,
	"status" text DEFAULT 'Packing' NOT NULL,
	"boxes" integer,
	"transporter" text,
	"docket_no" text,
	"vehicle_no" text,
	"dispatch_date" date,
	"eway_bill_no" text,
	"delivered_on" date,
	"received_by" text,
	"value_paise" bigint,
	"created_by_user_id" integer,
	"packed_at" timestamp with time zone,
	"packed_by_user_id" integer,
	"dispatched_at" timestamp with time zone,
	"dispatched_by_user_id" integer,
	"delivered_at" timestamp with time zone,
	"delivered_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_status_check" CHECK (status in ('Packing', 'Packed', 'Dispatched', 'Delivered')),
	CONSTRAINT "shipments_boxes_positive" CHECK (boxes is null or boxes > 0),
	CONSTRAINT "shipments_dispatch_complete" CHECK (status not in ('Dispatched', 'Delivered') or (transporter is not null and docket_no is not null and dispatch_date is not null and value_paise is not null)),
	CONSTRAINT "shipments_delivery_complete" CHECK (status <> 'Delivered' or (delivered_on is not null and received_by is not null))
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"request" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_orderId_unique";--> statement-breakpoint
ALTER TABLE "order_status_history" DROP CONSTRAINT "order_status_history_status_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "roles" DROP CONSTRAINT "roles_code_check";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "shipment_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "due_date" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "irn" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "irn_ack_no" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "irn_ack_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "irn_signed_qr_code" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "cancelled_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "backorder_expected_date" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirmed_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credit_override_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_kind" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "held_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "retailers" ADD COLUMN "credit_limit_paise" bigint DEFAULT 50000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "retailers" ADD COLUMN "payment_terms_days" integer;--> statement-breakpoint
ALTER TABLE "retailers" ADD COLUMN "credit_hold" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "retailers" ADD COLUMN "credit_hold_reason" text;--> statement-breakpoint
ALTER TABLE "retailers" ADD COLUMN "credit_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "retailers" ADD COLUMN "credit_updated_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_packed_by_user_id_users_id_fk" FOREIGN KEY ("packed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_dispatched_by_user_id_users_id_fk" FOREIGN KEY ("dispatched_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_delivered_by_user_id_users_id_fk" FOREIGN KEY ("delivered_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_lines_order_line_id_idx" ON "shipment_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_order_id_shipment_no_unique" ON "shipments" USING btree ("order_id","shipment_no");--> statement-breakpoint
CREATE INDEX "shipments_status_idx" ON "shipments" USING btree ("status");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_confirmed_by_user_id_users_id_fk" FOREIGN KEY ("confirmed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_held_by_user_id_users_id_fk" FOREIGN KEY ("held_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cancelled_by_user_id_users_id_fk" FOREIGN KEY ("cancelled_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retailers" ADD CONSTRAINT "retailers_credit_updated_by_user_id_users_id_fk" FOREIGN KEY ("credit_updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_order_id_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoices_invoice_date_idx" ON "invoices" USING btree ("invoice_date");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_shipmentId_unique" UNIQUE("shipment_id");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_irn_complete" CHECK ((irn is null) = (irn_ack_no is null) and (irn is null) = (irn_ack_date is null));--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_cancelled_quantity" CHECK (cancelled_quantity >= 0 and cancelled_quantity <= quantity);--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_status_check" CHECK (status in ('Placed', 'Confirmed', 'On hold', 'Partially dispatched', 'Dispatched', 'Delivered', 'Cancelled'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_hold_kind_check" CHECK (hold_kind is null or hold_kind in ('credit', 'stock', 'note'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_hold_complete" CHECK ((hold_kind is null) = (hold_reason is null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK (status in ('Placed', 'Confirmed', 'On hold', 'Partially dispatched', 'Dispatched', 'Delivered', 'Cancelled'));--> statement-breakpoint
ALTER TABLE "retailers" ADD CONSTRAINT "retailers_credit_limit_nonneg" CHECK (credit_limit_paise >= 0);--> statement-breakpoint
ALTER TABLE "retailers" ADD CONSTRAINT "retailers_payment_terms_range" CHECK (payment_terms_days is null or payment_terms_days between 0 and 365);--> statement-breakpoint
ALTER TABLE "retailers" ADD CONSTRAINT "retailers_credit_hold_reason" CHECK (not credit_hold or credit_hold_reason is not null);--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_code_check" CHECK (code in ('admin', 'retailer', 'salesexecutive', 'warehouse', 'accounts'));--> statement-breakpoint
-- The staff roles, on a database that has its roles already (an empty one gets all five from the seed).
INSERT INTO "roles" ("id", "code", "name")
SELECT v.id, v.code, v.name FROM (VALUES (4, 'warehouse', 'Warehouse'), (5, 'accounts', 'Accounts')) AS v(id, code, name)
WHERE EXISTS (SELECT 1 FROM "roles")
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Orders placed before the order desk: their decisions, from their status history.
UPDATE "orders" o SET
  "confirmed_at" = coalesce((SELECT min(h.changed_at) FROM "order_status_history" h WHERE h.order_id = o.id AND h.status = 'Confirmed'), o.placed_at),
  "confirmed_by_user_id" = (SELECT h.changed_by_user_id FROM "order_status_history" h WHERE h.order_id = o.id AND h.status = 'Confirmed' ORDER BY h.changed_at LIMIT 1)
WHERE o.status IN ('Confirmed', 'Dispatched', 'Delivered');--> statement-breakpoint
UPDATE "orders" o SET
  "cancelled_at" = coalesce((SELECT max(h.changed_at) FROM "order_status_history" h WHERE h.order_id = o.id AND h.status = 'Cancelled'), o.updated_at),
  "cancelled_by_user_id" = (SELECT h.changed_by_user_id FROM "order_status_history" h WHERE h.order_id = o.id AND h.status = 'Cancelled' ORDER BY h.changed_at DESC LIMIT 1),
  "cancel_reason" = coalesce((SELECT h.note FROM "order_status_history" h WHERE h.order_id = o.id AND h.status = 'Cancelled' ORDER BY h.changed_at DESC LIMIT 1), 'Cancelled before the order desk')
WHERE o.status = 'Cancelled';--> statement-breakpoint
UPDATE "order_lines" l SET "cancelled_quantity" = l.quantity FROM "orders" o WHERE o.id = l.order_id AND o.status = 'Cancelled';--> statement-breakpoint
-- A dispatched or delivered order shipped whole, in one shipment, before shipments were recorded:
-- dates from its history (India), transporter and docket not recorded, billed by its invoice.
INSERT INTO "shipments" ("order_id", "shipment_no", "status", "boxes", "transporter", "docket_no", "dispatch_date",
  "delivered_on", "received_by", "value_paise", "dispatched_at", "dispatched_by_user_id", "delivered_at", "created_at", "updated_at")
SELECT o.id, 1, o.status, 1, 'Not recorded', 'Not recorded',
  ((coalesce(d.at, o.placed_at) + interval '330 minutes') AT TIME ZONE 'UTC')::date,
  CASE WHEN o.status = 'Delivered' THEN ((coalesce(v.at, d.at, o.placed_at) + interval '330 minutes') AT TIME ZONE 'UTC')::date END,
  CASE WHEN o.status = 'Delivered' THEN 'Not recorded' END,
  o.total_paise, coalesce(d.at, o.placed_at), d.by,
  CASE WHEN o.status = 'Delivered' THEN coalesce(v.at, d.at, o.placed_at) END,
  coalesce(d.at, o.placed_at), coalesce(v.at, d.at, o.placed_at)
FROM "orders" o
LEFT JOIN LATERAL (SELECT h.changed_at AS at, h.changed_by_user_id AS by FROM "order_status_history" h
  WHERE h.order_id = o.id AND h.status = 'Dispatched' ORDER BY h.changed_at LIMIT 1) d ON true
LEFT JOIN LATERAL (SELECT h.changed_at AS at FROM "order_status_history" h
  WHERE h.order_id = o.id AND h.status = 'Delivered' ORDER BY h.changed_at LIMIT 1) v ON true
WHERE o.status IN ('Dispatched', 'Delivered')
  AND NOT EXISTS (SELECT 1 FROM "shipments" s WHERE s.order_id = o.id);--> statement-breakpoint
INSERT INTO "shipment_lines" ("shipment_id", "order_line_id", "quantity", "taxable_paise", "cgst_paise", "sgst_paise", "igst_paise", "total_paise")
SELECT s.id, l.id, l.quantity, l.taxable_paise, l.cgst_paise, l.sgst_paise, l.igst_paise, l.line_total_paise
FROM "shipments" s JOIN "order_lines" l ON l.order_id = s.order_id
WHERE NOT EXISTS (SELECT 1 FROM "shipment_lines" x WHERE x.shipment_id = s.id);--> statement-breakpoint
-- Each such order had at most one invoice (the old unique order_id): it bills that shipment.
UPDATE "invoices" i SET "shipment_id" = s.id FROM "shipments" s
WHERE s.order_id = i.order_id AND s.shipment_no = 1 AND i.shipment_id IS NULL
  AND (SELECT count(*) FROM "invoices" x WHERE x.order_id = i.order_id) = 1;
