-- catalogue_version.version goes up once per committed transaction that wrote a table the
-- catalogue reads. Read caches (modules/catalogue/cache.ts) key their entries by this number, so
-- a change made by any process or writer (admin, an order taking stock, the seed, SQL by hand) is
-- seen by the next request.
-- The bump runs at commit (deferred constraint triggers), once per transaction (a transaction-
-- local setting remembers it), and takes the version row's lock last: an order that locks stock
-- rows never waits for that lock while holding it, so the bump cannot deadlock with stock updates.
INSERT INTO catalogue_version (id, version) VALUES (1, 0) ON CONFLICT (id) DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_catalogue_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('frameport.catalogue_bumped', true) IS DISTINCT FROM txid_current()::text THEN
    PERFORM set_config('frameport.catalogue_bumped', txid_current()::text, true);
    INSERT INTO catalogue_version (id, version) VALUES (1, 1)
      ON CONFLICT (id) DO UPDATE SET version = catalogue_version.version + 1;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER products_bump_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON products
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE TRIGGER products_truncate_bumps_catalogue_version AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER product_colours_bump_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON product_colours
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE TRIGGER product_colours_truncate_bumps_catalogue_version AFTER TRUNCATE ON product_colours
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER product_images_bump_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON product_images
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE TRIGGER product_images_truncate_bumps_catalogue_version AFTER TRUNCATE ON product_images
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER product_genders_bump_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON product_genders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE TRIGGER product_genders_truncate_bumps_catalogue_version AFTER TRUNCATE ON product_genders
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER product_tags_bump_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON product_tags
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE TRIGGER product_tags_truncate_bumps_catalogue_version AFTER TRUNCATE ON product_tags
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER discount_rules_bump_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON discount_rules
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE TRIGGER discount_rules_truncate_bumps_catalogue_version AFTER TRUNCATE ON discount_rules
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER brands_bump_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON brands
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE TRIGGER brands_truncate_bumps_catalogue_version AFTER TRUNCATE ON brands
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER materials_bump_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON materials
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE TRIGGER materials_truncate_bumps_catalogue_version AFTER TRUNCATE ON materials
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER material_images_bump_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON material_images
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE TRIGGER material_images_truncate_bumps_catalogue_version AFTER TRUNCATE ON material_images
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER frame_shapes_bump_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON frame_shapes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE TRIGGER frame_shapes_truncate_bumps_catalogue_version AFTER TRUNCATE ON frame_shapes
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER frame_shape_images_bump_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON frame_shape_images
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE TRIGGER frame_shape_images_truncate_bumps_catalogue_version AFTER TRUNCATE ON frame_shape_images
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER genders_bump_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON genders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE TRIGGER genders_truncate_bumps_catalogue_version AFTER TRUNCATE ON genders
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER sizes_bump_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON sizes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE TRIGGER sizes_truncate_bumps_catalogue_version AFTER TRUNCATE ON sizes
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER colours_bump_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON colours
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE TRIGGER colours_truncate_bumps_catalogue_version AFTER TRUNCATE ON colours
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER product_types_bump_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON product_types
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE TRIGGER product_types_truncate_bumps_catalogue_version AFTER TRUNCATE ON product_types
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER tags_bump_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON tags
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE TRIGGER tags_truncate_bumps_catalogue_version AFTER TRUNCATE ON tags
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER price_ranges_bump_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON price_ranges
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE TRIGGER price_ranges_truncate_bumps_catalogue_version AFTER TRUNCATE ON price_ranges
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER price_range_images_bump_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON price_range_images
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE TRIGGER price_range_images_truncate_bumps_catalogue_version AFTER TRUNCATE ON price_range_images
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER banners_bump_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON banners
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE TRIGGER banners_truncate_bumps_catalogue_version AFTER TRUNCATE ON banners
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER retailers_bump_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON retailers
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE TRIGGER retailers_truncate_bumps_catalogue_version AFTER TRUNCATE ON retailers
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER states_bump_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON states
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();--> statement-breakpoint
CREATE TRIGGER states_truncate_bumps_catalogue_version AFTER TRUNCATE ON states
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
