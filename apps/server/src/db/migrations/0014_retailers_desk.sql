CREATE TABLE "invoice_tds_deductions" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"retailer_id" integer NOT NULL,
	"section" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"reference" text,
	"recorded_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_tds_deductions_invoiceId_unique" UNIQUE("invoice_id"),
	CONSTRAINT "invoice_tds_deductions_amount_positive" CHECK (amount_paise > 0),
	CONSTRAINT "invoice_tds_deductions_section" CHECK (section in ('194Q'))
);
--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD COLUMN "purpose" text DEFAULT 'reset' NOT NULL;--> statement-breakpoint
ALTER TABLE "retailers" ADD COLUMN "status" text DEFAULT 'Active' NOT NULL;--> statement-breakpoint
ALTER TABLE "retailers" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "retailers" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "retailers" ADD COLUMN "status_changed_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "retailers" ADD COLUMN "proposed_by_user_id" integer;--> statement-breakpoint
UPDATE "retailers" SET "status" = 'Blocked', "status_reason" = 'Deactivated before retailer statuses existed.' WHERE NOT "is_active";--> statement-breakpoint
ALTER TABLE "invoice_tds_deductions" ADD CONSTRAINT "invoice_tds_deductions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_tds_deductions" ADD CONSTRAINT "invoice_tds_deductions_retailer_id_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_tds_deductions" ADD CONSTRAINT "invoice_tds_deductions_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_tds_deductions_retailer_id_idx" ON "invoice_tds_deductions" USING btree ("retailer_id");--> statement-breakpoint
ALTER TABLE "retailers" ADD CONSTRAINT "retailers_status_changed_by_user_id_users_id_fk" FOREIGN KEY ("status_changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retailers" ADD CONSTRAINT "retailers_proposed_by_user_id_users_id_fk" FOREIGN KEY ("proposed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "retailers_gstin_unique" ON "retailers" USING btree ("gstin") WHERE gstin is not null and status <> 'Rejected';--> statement-breakpoint
CREATE INDEX "retailers_status_idx" ON "retailers" USING btree ("status");--> statement-breakpoint
CREATE INDEX "retailers_business_name_lower_idx" ON "retailers" USING btree (lower(business_name));--> statement-breakpoint
CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_action_created_at_idx" ON "audit_log" USING btree ("action","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "retailers" ADD CONSTRAINT "retailers_status_check" CHECK (status in ('Pending', 'Active', 'Blocked', 'Rejected'));--> statement-breakpoint
ALTER TABLE "retailers" ADD CONSTRAINT "retailers_status_reason" CHECK (status not in ('Blocked', 'Rejected') or status_reason is not null);