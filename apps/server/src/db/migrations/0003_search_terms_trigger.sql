-- The search vocabulary (table search_terms, see schema.ts): every word of 3+ letters in
-- products.search_text. Kept by statement-level triggers, so every writer (seed, admin, tests)
-- fills it without knowing about it. A mistyped search word is corrected against this list.
CREATE OR REPLACE FUNCTION products_collect_search_terms() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_terms (term)
  SELECT DISTINCT word
  FROM changed_products, regexp_split_to_table(changed_products.search_text, '[^a-z]+') AS word
  WHERE length(word) >= 3
  ON CONFLICT (term) DO NOTHING;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER products_search_terms_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed_products
  FOR EACH STATEMENT EXECUTE FUNCTION products_collect_search_terms();--> statement-breakpoint
CREATE TRIGGER products_search_terms_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS changed_products
  FOR EACH STATEMENT EXECUTE FUNCTION products_collect_search_terms();--> statement-breakpoint
INSERT INTO search_terms (term)
SELECT DISTINCT word
FROM products, regexp_split_to_table(products.search_text, '[^a-z]+') AS word
WHERE length(word) >= 3
ON CONFLICT (term) DO NOTHING;
