-- getFacets counts from bitsets held in each server process (decision 018). This log tells every
-- replica which styles' rows of catalogue_search changed since it last looked, so it refreshes
-- those styles instead of reloading the table.
--
-- Each row carries the writer's transaction id (xid8). A reader keeps the snapshot of its last
-- refresh (pg_current_snapshot(), read in the same statement as the rows) and next time takes the
-- log rows whose transaction that snapshot did not see: exact whatever order writers commit in,
-- and writers take no lock here (they only insert). product_id null: a bulk change or a TRUNCATE,
-- reload everything. Rows older than a day are deleted by the readers (modules/catalogue/facets-index.ts).
CREATE TABLE "catalogue_search_changes" (
	"xid" xid8 DEFAULT pg_current_xact_id() NOT NULL,
	"product_id" integer,
	"text_changed" boolean DEFAULT true NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "catalogue_search_changes_xid_idx" ON "catalogue_search_changes" USING btree ("xid");--> statement-breakpoint
CREATE INDEX "catalogue_search_changes_at_idx" ON "catalogue_search_changes" USING btree ("at");--> statement-breakpoint
-- Every style whose row came, went or changed; text_changed says whether what free text matches
-- on may have changed (readers keep the styles matching recent texts until then): an order taking
-- the last piece of a colour changes in_stock only. More than 1,000 styles at once (the seed's
-- fill, a large import) is logged as one reload.
CREATE OR REPLACE FUNCTION catalogue_search_log_changes() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  texts boolean[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n.id), array_agg(true) INTO ids, texts FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(o.id), array_agg(true) INTO ids, texts FROM old_rows o;
  ELSE
    SELECT array_agg(coalesce(n.id, o.id)),
      array_agg(n.id IS NULL OR o.id IS NULL
        OR (n.name_key, n.model_key, n.search_text, n.search_compact, n.model_compact)
          IS DISTINCT FROM (o.name_key, o.model_key, o.search_text, o.search_compact, o.model_compact))
    INTO ids, texts
    FROM new_rows n FULL JOIN old_rows o ON o.id = n.id
    WHERE n.id IS NULL OR o.id IS NULL
      OR (n.brand_id, n.product_type_id, n.frame_shape_id, n.material_id, n.size_id, n.gender_ids, n.colour_ids,
          n.in_stock, n.net_price_paise, n.name_key, n.model_key, n.search_text, n.search_compact, n.model_compact)
        IS DISTINCT FROM (o.brand_id, o.product_type_id, o.frame_shape_id, o.material_id, o.size_id, o.gender_ids,
          o.colour_ids, o.in_stock, o.net_price_paise, o.name_key, o.model_key, o.search_text, o.search_compact,
          o.model_compact);
  END IF;
  IF cardinality(ids) > 1000 THEN
    INSERT INTO catalogue_search_changes (product_id) VALUES (NULL);
  ELSIF cardinality(ids) > 0 THEN
    INSERT INTO catalogue_search_changes (product_id, text_changed) SELECT u.id, u.t FROM unnest(ids, texts) AS u(id, t);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER catalogue_search_log_insert AFTER INSERT ON catalogue_search
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_search_log_changes();--> statement-breakpoint
CREATE TRIGGER catalogue_search_log_update AFTER UPDATE ON catalogue_search
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_search_log_changes();--> statement-breakpoint
CREATE TRIGGER catalogue_search_log_delete AFTER DELETE ON catalogue_search
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_search_log_changes();--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalogue_search_log_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalogue_search_changes (product_id) VALUES (NULL);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER catalogue_search_log_truncate AFTER TRUNCATE ON catalogue_search
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_search_log_truncate();
