-- Newest first, with every filter column as payload: a search without text (and its count) reads
-- the matching rows from this index alone (index-only scan) in release-date order.
CREATE INDEX "catalogue_search_release_date_idx" ON "catalogue_search"
  USING btree ("release_date" DESC NULLS FIRST, "id" DESC NULLS FIRST)
  INCLUDE ("brand_id", "product_type_id", "frame_shape_id", "material_id", "size_id", "gender_ids", "colour_ids",
    "in_stock", "net_price_paise");--> statement-breakpoint
-- catalogue_search (migration 0016, decision 017) holds one row per active style, derived from
-- products, product_genders and product_colours. These triggers keep it right in the same
-- transaction as every write to those tables, whoever writes (catalogue desk, imports, orders
-- taking stock, the stock desk, the seed, SQL by hand): a reader never sees it differ.
--
-- A bulk load (the seed) sets frameport.catalogue_search_bulk = 'on' for its transaction (SET LOCAL),
-- loads, then calls catalogue_search_refresh over every product once, in the same transaction.
--
-- catalogue_search_refresh(ids) recomputes the rows of the given products: removes the rows of
-- styles that are gone or inactive, updates a row only when something in it changed (an order
-- taking stock from a colour that still has stock writes nothing here and locks nothing), and
-- inserts the rows of styles that became active.
CREATE OR REPLACE FUNCTION catalogue_search_refresh(ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  DELETE FROM catalogue_search s
  WHERE s.id = ANY (ids)
    AND NOT EXISTS (SELECT 1 FROM products p WHERE p.id = s.id AND p.is_active);
  WITH fresh AS (
    SELECT p.id, p.brand_id, p.product_type_id, p.frame_shape_id, p.material_id, p.size_id,
      array(SELECT g.gender_id FROM product_genders g WHERE g.product_id = p.id ORDER BY g.gender_id) AS gender_ids,
      array(SELECT DISTINCT c.frame_colour_id FROM product_colours c WHERE c.product_id = p.id ORDER BY 1) AS colour_ids,
      EXISTS (SELECT 1 FROM product_colours c WHERE c.product_id = p.id AND c.available_stock_quantity > 0) AS in_stock,
      p.net_price_paise, p.release_date, lower(p.product_name) AS name_key, lower(p.model_name) AS model_key,
      p.search_text, p.search_compact, p.model_compact
    FROM (SELECT DISTINCT u.id FROM unnest(ids) AS u(id)) u
    JOIN products p ON p.id = u.id
    WHERE p.is_active
  ),
  changed AS (
    UPDATE catalogue_search s
    SET brand_id = f.brand_id, product_type_id = f.product_type_id, frame_shape_id = f.frame_shape_id,
      material_id = f.material_id, size_id = f.size_id, gender_ids = f.gender_ids, colour_ids = f.colour_ids,
      in_stock = f.in_stock, net_price_paise = f.net_price_paise, release_date = f.release_date,
      name_key = f.name_key, model_key = f.model_key, search_text = f.search_text,
      search_compact = f.search_compact, model_compact = f.model_compact
    FROM fresh f
    WHERE s.id = f.id
      AND (s.brand_id, s.product_type_id, s.frame_shape_id, s.material_id, s.size_id, s.gender_ids, s.colour_ids,
        s.in_stock, s.net_price_paise, s.release_date, s.name_key, s.model_key, s.search_text, s.search_compact,
        s.model_compact)
      IS DISTINCT FROM (f.brand_id, f.product_type_id, f.frame_shape_id, f.material_id, f.size_id, f.gender_ids,
        f.colour_ids, f.in_stock, f.net_price_paise, f.release_date, f.name_key, f.model_key, f.search_text,
        f.search_compact, f.model_compact)
    RETURNING s.id
  )
  INSERT INTO catalogue_search
  SELECT f.* FROM fresh f
  WHERE NOT EXISTS (SELECT 1 FROM catalogue_search s WHERE s.id = f.id)
  ON CONFLICT (id) DO NOTHING;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalogue_search_products_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('frameport.catalogue_search_bulk', true) = 'on' THEN
    RETURN NULL;
  END IF;
  -- A deleted product takes its row with it (foreign key, on delete cascade).
  PERFORM catalogue_search_refresh(array(SELECT n.id FROM new_rows n));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER products_catalogue_search_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_search_products_changed();--> statement-breakpoint
CREATE TRIGGER products_catalogue_search_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_search_products_changed();--> statement-breakpoint
-- product_genders and product_colours: the products whose rows were added, removed or changed.
-- A stock change counts only when it moves a colour across zero (in stock / out of stock).
CREATE OR REPLACE FUNCTION catalogue_search_children_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('frameport.catalogue_search_bulk', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM catalogue_search_refresh(array(SELECT DISTINCT n.product_id FROM new_rows n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM catalogue_search_refresh(array(SELECT DISTINCT o.product_id FROM old_rows o));
  ELSIF TG_TABLE_NAME = 'product_colours' THEN
    PERFORM catalogue_search_refresh(array(
      SELECT n.product_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.product_id, n.frame_colour_id, n.available_stock_quantity > 0)
        IS DISTINCT FROM (o.product_id, o.frame_colour_id, o.available_stock_quantity > 0)
      UNION
      SELECT o.product_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.product_id <> o.product_id));
  ELSE
    PERFORM catalogue_search_refresh(array(
      SELECT n.product_id FROM new_rows n UNION SELECT o.product_id FROM old_rows o));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER product_genders_catalogue_search_insert AFTER INSERT ON product_genders
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_search_children_changed();--> statement-breakpoint
CREATE TRIGGER product_genders_catalogue_search_update AFTER UPDATE ON product_genders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_search_children_changed();--> statement-breakpoint
CREATE TRIGGER product_genders_catalogue_search_delete AFTER DELETE ON product_genders
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_search_children_changed();--> statement-breakpoint
CREATE TRIGGER product_colours_catalogue_search_insert AFTER INSERT ON product_colours
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_search_children_changed();--> statement-breakpoint
CREATE TRIGGER product_colours_catalogue_search_update AFTER UPDATE ON product_colours
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_search_children_changed();--> statement-breakpoint
CREATE TRIGGER product_colours_catalogue_search_delete AFTER DELETE ON product_colours
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_search_children_changed();--> statement-breakpoint
-- The rows of the catalogue as it is.
INSERT INTO catalogue_search
SELECT p.id, p.brand_id, p.product_type_id, p.frame_shape_id, p.material_id, p.size_id,
  array(SELECT g.gender_id FROM product_genders g WHERE g.product_id = p.id ORDER BY g.gender_id),
  array(SELECT DISTINCT c.frame_colour_id FROM product_colours c WHERE c.product_id = p.id ORDER BY 1),
  EXISTS (SELECT 1 FROM product_colours c WHERE c.product_id = p.id AND c.available_stock_quantity > 0),
  p.net_price_paise, p.release_date, lower(p.product_name), lower(p.model_name),
  p.search_text, p.search_compact, p.model_compact
FROM products p
WHERE p.is_active
ON CONFLICT (id) DO NOTHING;--> statement-breakpoint
ANALYZE catalogue_search;
