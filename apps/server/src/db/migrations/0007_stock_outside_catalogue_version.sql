-- Stock no longer bumps the catalogue version. Every order takes stock; with the bump, each order
-- took the catalogue_version row's lock at commit and held it through its WAL flush, so orders
-- committed one at a time, and every order emptied the catalogue read cache. Reads now overlay
-- live stock on cached answers (modules/catalogue/service.ts), so stock is as fresh as before.
-- The trigger still fires for new and removed colours and for any change to another column
-- (UPDATE OF fires when a listed column is in the SET list).
DROP TRIGGER IF EXISTS product_colours_bump_catalogue_version ON product_colours;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER product_colours_bump_catalogue_version
  AFTER INSERT OR DELETE OR UPDATE OF id, product_id, color_variant, variant_number, frame_colour_id, temple_colour_id
  ON product_colours
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();
