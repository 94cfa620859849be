-- Decision 017, addendum: the filter-id and price indexes of catalogue_search carry every other
-- filter column (INCLUDE), so a search without text counts its matches, and pages by price, from
-- the index alone (index-only scans; VACUUM keeps the visibility map). Same names: drizzle-kit
-- cannot write INCLUDE (schema/catalogue.ts declares them plain).
DROP INDEX IF EXISTS "catalogue_search_net_price_idx";--> statement-breakpoint
CREATE INDEX "catalogue_search_net_price_idx" ON "catalogue_search" USING btree ("net_price_paise", "id")
  INCLUDE ("brand_id", "product_type_id", "frame_shape_id", "material_id", "size_id", "gender_ids", "colour_ids", "in_stock");--> statement-breakpoint
DROP INDEX IF EXISTS "catalogue_search_brand_id_idx";--> statement-breakpoint
CREATE INDEX "catalogue_search_brand_id_idx" ON "catalogue_search" USING btree ("brand_id")
  INCLUDE ("product_type_id", "frame_shape_id", "material_id", "size_id", "gender_ids", "colour_ids", "in_stock", "net_price_paise");--> statement-breakpoint
DROP INDEX IF EXISTS "catalogue_search_product_type_id_idx";--> statement-breakpoint
CREATE INDEX "catalogue_search_product_type_id_idx" ON "catalogue_search" USING btree ("product_type_id")
  INCLUDE ("brand_id", "frame_shape_id", "material_id", "size_id", "gender_ids", "colour_ids", "in_stock", "net_price_paise");--> statement-breakpoint
DROP INDEX IF EXISTS "catalogue_search_frame_shape_id_idx";--> statement-breakpoint
CREATE INDEX "catalogue_search_frame_shape_id_idx" ON "catalogue_search" USING btree ("frame_shape_id")
  INCLUDE ("brand_id", "product_type_id", "material_id", "size_id", "gender_ids", "colour_ids", "in_stock", "net_price_paise");--> statement-breakpoint
DROP INDEX IF EXISTS "catalogue_search_material_id_idx";--> statement-breakpoint
CREATE INDEX "catalogue_search_material_id_idx" ON "catalogue_search" USING btree ("material_id")
  INCLUDE ("brand_id", "product_type_id", "frame_shape_id", "size_id", "gender_ids", "colour_ids", "in_stock", "net_price_paise");--> statement-breakpoint
DROP INDEX IF EXISTS "catalogue_search_size_id_idx";--> statement-breakpoint
CREATE INDEX "catalogue_search_size_id_idx" ON "catalogue_search" USING btree ("size_id")
  INCLUDE ("brand_id", "product_type_id", "frame_shape_id", "material_id", "gender_ids", "colour_ids", "in_stock", "net_price_paise");
