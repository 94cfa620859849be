CREATE TABLE "gst_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"hsn_prefix" text NOT NULL,
	"rate_percent" numeric(5, 2) NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"notification" text,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gst_rates_hsn_prefix_format" CHECK (hsn_prefix ~ '^[0-9]{2,8}$'),
	CONSTRAINT "gst_rates_rate_slab" CHECK (rate_percent in (0, 0.25, 3, 5, 12, 18, 28, 40)),
	CONSTRAINT "gst_rates_validity" CHECK (valid_to is null or valid_from <= valid_to)
);
--> statement-breakpoint
CREATE TABLE "import_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"file_name" text NOT NULL,
	"file_key" text NOT NULL,
	"file_sha256" text NOT NULL,
	"file_bytes" integer NOT NULL,
	"zip_key" text,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"checked_rows" integer DEFAULT 0 NOT NULL,
	"applied_rows" integer DEFAULT 0 NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"file_error" text,
	"created_by_user_id" integer,
	"applied_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone,
	"apply_started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_jobs_kind_check" CHECK (kind in ('catalogue', 'stock', 'prices')),
	CONSTRAINT "import_jobs_status_check" CHECK (status in ('queued', 'validating', 'ready', 'applying', 'applied', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "import_rows" (
	"job_id" integer NOT NULL,
	"row_no" integer NOT NULL,
	"action" text NOT NULL,
	"label" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"applied_at" timestamp with time zone,
	CONSTRAINT "import_rows_job_id_row_no_pk" PRIMARY KEY("job_id","row_no"),
	CONSTRAINT "import_rows_action_check" CHECK (action in ('create', 'update', 'unchanged', 'error'))
);
--> statement-breakpoint
CREATE TABLE "price_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"net_price_paise" bigint NOT NULL,
	"effective_from" date NOT NULL,
	"previous_price_paise" bigint,
	"applied_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by_user_id" integer,
	"created_by_user_id" integer,
	"import_job_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_changes_price_positive" CHECK (net_price_paise > 0)
);
--> statement-breakpoint
ALTER TABLE "product_colours" ADD COLUMN "low_stock_threshold" integer;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD COLUMN "net_price_paise_at_add" bigint;--> statement-breakpoint
ALTER TABLE "gst_rates" ADD CONSTRAINT "gst_rates_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_applied_by_user_id_users_id_fk" FOREIGN KEY ("applied_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_job_id_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_changes" ADD CONSTRAINT "price_changes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_changes" ADD CONSTRAINT "price_changes_cancelled_by_user_id_users_id_fk" FOREIGN KEY ("cancelled_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_changes" ADD CONSTRAINT "price_changes_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gst_rates_hsn_prefix_idx" ON "gst_rates" USING btree ("hsn_prefix","valid_from");--> statement-breakpoint
CREATE INDEX "import_jobs_created_at_idx" ON "import_jobs" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "import_jobs_runnable_idx" ON "import_jobs" USING btree ("id") WHERE status in ('queued', 'validating', 'applying');--> statement-breakpoint
CREATE INDEX "import_rows_job_action_idx" ON "import_rows" USING btree ("job_id","action","row_no");--> statement-breakpoint
CREATE INDEX "price_changes_product_id_idx" ON "price_changes" USING btree ("product_id","effective_from");--> statement-breakpoint
CREATE INDEX "price_changes_due_idx" ON "price_changes" USING btree ("effective_from") WHERE applied_at is null and cancelled_at is null;--> statement-breakpoint
ALTER TABLE "product_colours" ADD CONSTRAINT "product_colours_low_stock_threshold_nonneg" CHECK (low_stock_threshold is null or low_stock_threshold >= 0);--> statement-breakpoint
-- Data: the HSN → GST table (domain-india.md §1.3; GST 2.0, Notification 9/2025-Central Tax (Rate), from
-- 22 Sep 2025). Sunglasses (9004 10) and corrective spectacles (9004 90) share the heading 9004 but not the
-- rate, so the catalogue's 9004 codes become 6-digit: sunglasses 900410, reading glasses 900490.
INSERT INTO "gst_rates" ("hsn_prefix", "rate_percent", "valid_from", "valid_to", "notification")
SELECT v.hsn_prefix, v.rate_percent, v.valid_from::date, v.valid_to::date, v.notification
FROM (VALUES
  ('9003', 12, '2017-07-01', '2025-09-21', 'Notification 1/2017-Central Tax (Rate)'),
  ('9003', 5, '2025-09-22', NULL, 'Notification 9/2025-Central Tax (Rate)'),
  ('900410', 18, '2017-07-01', NULL, 'Notification 1/2017-Central Tax (Rate)'),
  ('900490', 12, '2017-07-01', '2025-09-21', 'Notification 1/2017-Central Tax (Rate)'),
  ('900490', 5, '2025-09-22', NULL, 'Notification 9/2025-Central Tax (Rate)'),
  ('4202', 18, '2017-07-01', NULL, 'Notification 1/2017-Central Tax (Rate)'),
  ('6307', 5, '2017-07-01', NULL, 'Notification 1/2017-Central Tax (Rate)'),
  ('7326', 18, '2017-07-01', NULL, 'Notification 1/2017-Central Tax (Rate)')
) AS v(hsn_prefix, rate_percent, valid_from, valid_to, notification)
WHERE NOT EXISTS (SELECT 1 FROM "gst_rates");
--> statement-breakpoint
UPDATE "products" SET "hsn_code" = '900410' WHERE "hsn_code" = '9004' AND "product_type_id" = 2;
--> statement-breakpoint
UPDATE "products" SET "hsn_code" = '900490' WHERE "hsn_code" = '9004' AND "product_type_id" <> 2;
