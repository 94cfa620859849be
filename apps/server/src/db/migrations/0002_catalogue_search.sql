CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_compact" text GENERATED ALWAYS AS (regexp_replace(lower(model_name || ' ' || model_code || ' ' || product_code || ' ' || product_name || ' ' || search_keywords), '[^a-z0-9]+', '', 'g')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "model_compact" text GENERATED ALWAYS AS (regexp_replace(lower(model_name), '[^a-z0-9]+', '', 'g')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_active_id_idx" ON "products" USING btree ("id") WHERE is_active;--> statement-breakpoint
CREATE INDEX "products_product_name_sort_idx" ON "products" USING btree (lower(product_name) collate "C","id");--> statement-breakpoint
CREATE INDEX "products_model_name_sort_idx" ON "products" USING btree (lower(model_name) collate "C","id");--> statement-breakpoint
CREATE INDEX "products_search_compact_trgm_idx" ON "products" USING gin ("search_compact" gin_trgm_ops);