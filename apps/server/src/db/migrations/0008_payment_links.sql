-- Payment links belong to a retailer and may pay several invoices: allocations record how each
-- applied payment was spread; the sandbox provider keeps its own book; webhook events de-duplicate.
CREATE TABLE "payment_allocations" (
	"payment_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount_paise" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_allocations_payment_id_invoice_id_pk" PRIMARY KEY("payment_id","invoice_id"),
	CONSTRAINT "payment_allocations_amount_positive" CHECK (amount_paise > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"event" text NOT NULL,
	"payment_link_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_links" (
	"id" text PRIMARY KEY NOT NULL,
	"reference_id" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"description" text NOT NULL,
	"customer_name" text,
	"status" text DEFAULT 'created' NOT NULL,
	"amount_paid_paise" bigint DEFAULT 0 NOT NULL,
	"provider_payment_id" text,
	"failure_reason" text,
	"callback_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_payment_links_referenceId_unique" UNIQUE("reference_id"),
	CONSTRAINT "sandbox_payment_links_status_check" CHECK (status in ('created', 'paid', 'failed', 'cancelled')),
	CONSTRAINT "sandbox_payment_links_amount_positive" CHECK (amount_paise > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "invoice_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "retailer_id" integer;--> statement-breakpoint
UPDATE "payments" SET "retailer_id" = i."retailer_id" FROM "invoices" i WHERE i."id" = "payments"."invoice_id";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "retailer_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "target_invoice_ids" integer[];--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "unapplied_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Payments applied before allocations existed went wholly to their one invoice.
INSERT INTO "payment_allocations" ("payment_id", "invoice_id", "amount_paise", "created_at")
  SELECT "id", "invoice_id", "amount_paise", "applied_at" FROM "payments"
  WHERE "applied_at" IS NOT NULL AND "invoice_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_allocations_invoice_id_idx" ON "payment_allocations" USING btree ("invoice_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_retailer_id_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_retailer_id_created_at_idx" ON "payments" USING btree ("retailer_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_unapplied_range" CHECK (unapplied_paise >= 0 and unapplied_paise <= amount_paise);