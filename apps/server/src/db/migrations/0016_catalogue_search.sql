CREATE TABLE "catalogue_search" (
	"id" integer PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"product_type_id" integer NOT NULL,
	"frame_shape_id" integer,
	"material_id" integer,
	"size_id" integer,
	"gender_ids" integer[] NOT NULL,
	"colour_ids" integer[] NOT NULL,
	"in_stock" boolean NOT NULL,
	"net_price_paise" bigint NOT NULL,
	"release_date" date,
	"name_key" text NOT NULL,
	"model_key" text NOT NULL,
	"search_text" text NOT NULL,
	"search_compact" text NOT NULL,
	"model_compact" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalogue_search" ADD CONSTRAINT "catalogue_search_id_products_id_fk" FOREIGN KEY ("id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_search_release_date_nulls_last_idx" ON "catalogue_search" USING btree ("release_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "catalogue_search_net_price_idx" ON "catalogue_search" USING btree ("net_price_paise","id");--> statement-breakpoint
CREATE INDEX "catalogue_search_name_idx" ON "catalogue_search" USING btree (name_key collate "C","id");--> statement-breakpoint
CREATE INDEX "catalogue_search_model_idx" ON "catalogue_search" USING btree (model_key collate "C","id");--> statement-breakpoint
CREATE INDEX "catalogue_search_brand_id_idx" ON "catalogue_search" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "catalogue_search_product_type_id_idx" ON "catalogue_search" USING btree ("product_type_id");--> statement-breakpoint
CREATE INDEX "catalogue_search_frame_shape_id_idx" ON "catalogue_search" USING btree ("frame_shape_id");--> statement-breakpoint
CREATE INDEX "catalogue_search_material_id_idx" ON "catalogue_search" USING btree ("material_id");--> statement-breakpoint
CREATE INDEX "catalogue_search_size_id_idx" ON "catalogue_search" USING btree ("size_id");--> statement-breakpoint
CREATE INDEX "catalogue_search_model_compact_idx" ON "catalogue_search" USING btree ("model_compact" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "catalogue_search_search_text_trgm_idx" ON "catalogue_search" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalogue_search_search_compact_trgm_idx" ON "catalogue_search" USING gin ("search_compact" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalogue_search_gender_ids_idx" ON "catalogue_search" USING gin ("gender_ids");--> statement-breakpoint
CREATE INDEX "catalogue_search_colour_ids_idx" ON "catalogue_search" USING gin ("colour_ids");