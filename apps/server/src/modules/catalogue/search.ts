/**
 * SQL for the catalogue reads (getAll, get, related products). Raw SQL with fixed aliases
 * (`p` is always the product), so no correlated subquery can bind to the wrong table
 * (stack-notes 1b). Every value is a bound parameter.
 *
 * getAll is ONE statement: a `page` CTE picks the page's ids (filters, free text, sort,
 * limit/offset) with the total count, and the outer select builds the page's products with their
 * variants, images, genders, tags, the acting retailer's state and the discount rules as JSON.
 * Free text is matched literally first; only a search that finds nothing is retried with mistyped
 * words corrected against the vocabulary (`TextMode`). See docs/catalogue-indexes.md.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rupeesToPaise, type CatalogueQuery } from '@frameport/domain';
import { activeRulesJson, type RuleJson } from '../pricing/service.ts';

// ---------------------------------------------------------------------------------------------
// Free text
// ---------------------------------------------------------------------------------------------

export type TextToken = {
  /** Lower-cased word, edge punctuation trimmed: 'av-1042', 'aviatr'. */
  text: string;
  /** Letters and digits only, as in `search_compact`: 'av1042'. */
  compact: string;
  /** A plain word of 4+ letters: a near miss ('aviatr') matches through pg_trgm word similarity. */
  fuzzy: boolean;
};

export type SearchText = {
  /** The whole query, lower-cased, single spaces. */
  phrase: string;
  /** The whole query, letters and digits only. */
  compact: string;
  tokens: TextToken[];
};

const MAX_TOKENS = 8;
const NOT_ALPHANUMERIC = /[^a-z0-9]+/g;
const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;
/** Numbers and codes never match fuzzily: '1042' must not find 1043. */
const FUZZY_WORD = /^[a-z]{4,}$/;

/** Splits free text the way the generated search columns are written; null when nothing is left. */
export function analyseText(input: string): SearchText | null {
  const phrase = input.toLowerCase().replace(/\s+/g, ' ').trim();
  const tokens: TextToken[] = [];
  const seen = new Set<string>();
  for (const word of phrase.split(' ')) {
    const text = word.replace(EDGE_PUNCTUATION, '');
    if (text === '' || seen.has(text)) continue;
    seen.add(text);
    tokens.push({ text, compact: text.replace(NOT_ALPHANUMERIC, ''), fuzzy: FUZZY_WORD.test(text) });
    if (tokens.length === MAX_TOKENS) break;
  }
  if (tokens.length === 0) return null;
  return { phrase, compact: phrase.replace(NOT_ALPHANUMERIC, ''), tokens };
}

/** `%value%` for LIKE, with the LIKE wildcards and the escape character escaped. */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, '\\$&')}%`;
}

/**
 * One word matches when it is inside the compact text (letters and digits only: spaces and hyphens
 * ignored, so 'urbanoptix' finds 'Urban Optix' and 'av1042' finds 'UO-AV-1042'); the compact text
 * holds every word of search_text, so one LIKE per row is enough. Short words (under 4 letters and
 * digits) match only inside search_text as typed, so 'red' never matches across two words.
 * Patterns of 3+ characters can use the trigram GIN indexes; shorter ones are plain `strpos` filters.
 */
function literalMatches(token: TextToken, alias: string): SQL {
  const t = sql.raw(alias);
  if (token.compact.length >= 4) return sql`${t}.search_compact like ${containsPattern(token.compact)}`;
  if (token.text.length >= 3) return sql`${t}.search_text like ${containsPattern(token.text)}`;
  return sql`strpos(${t}.search_text, ${token.text}) > 0`;
}

/**
 * How free text is matched. 'literal': every word as typed (the first try, fully indexed).
 * 'corrected': the retry when the literal try found nothing; a plain word found nowhere in the
 * catalogue ('aviatr') also matches the closest words of the vocabulary (search_terms, pg_trgm word
 * similarity ≥ 0.6, at most 5). A real word is never widened, so 'gold' never drags in look-alikes,
 * and word similarity runs against a few hundred words, never against every product.
 */
export type TextMode = 'literal' | 'corrected';

type TextPlan = { ctes: SQL[]; conditions: SQL[]; score: SQL };

/**
 * The closest vocabulary words to a word that is not part of any vocabulary word (a typo); none for
 * a real word or a piece of one ('avia'), so those are never widened.
 */
function correctionCte(token: TextToken, name: SQL): SQL {
  return sql`${name} as (
      select st.term, word_similarity(${token.text}, st.term)::float8 as sim
      from search_terms st
      where ${token.text} <% st.term
        and not exists (select 1 from search_terms known where strpos(known.term, ${token.text}) > 0)
      order by sim desc, st.term
      limit 5
    )`;
}

/** The text starts a word of search_text (no per-row string building: both patterns are constants). */
function atWordStart(text: string): SQL {
  return sql`(starts_with(p.search_text, ${text}) or strpos(p.search_text, ${` ${text}`}) > 0)`;
}

function textPlan(text: SearchText, mode: TextMode): TextPlan {
  const ctes: SQL[] = [];
  const conditions: SQL[] = [];
  const scores: SQL[] = [];
  text.tokens.forEach((token, index) => {
    const literal = literalMatches(token, 'p');
    // word start 1, inside a word 0.8, across spaces or hyphens 0.7, a corrected word up to 0.9 × its similarity
    let otherwise = sql`0::float8`;
    if (mode === 'corrected' && token.fuzzy) {
      const fix = sql.raw(`fix${index}`);
      ctes.push(correctionCte(token, fix));
      // The corrections are whole words (letters only), so the compact text holds them too.
      conditions.push(sql`(${literal} or p.search_compact like any (array(select '%' || f.term || '%' from ${fix} f)))`);
      otherwise = sql`coalesce((select max(f.sim) from ${fix} f where strpos(p.search_compact, f.term) > 0), 0) * 0.9`;
    } else {
      conditions.push(literal);
    }
    const compact =
      token.compact.length >= 3 ? sql` when strpos(p.search_compact, ${token.compact}) > 0 then 0.7::float8` : sql``;
    scores.push(sql`(case when ${atWordStart(token.text)} then 1::float8
      when strpos(p.search_text, ${token.text}) > 0 then 0.8::float8${compact} else ${otherwise} end)`);
  });
  // The exact model number first, then a model-number prefix, then the whole phrase as typed.
  if (text.compact !== '') {
    scores.push(sql`(case when p.model_compact = ${text.compact} then 8 else 0 end)`);
  }
  if (text.compact.length >= 2) {
    scores.push(sql`(case when starts_with(p.model_compact, ${text.compact}) then 4 else 0 end)`);
  }
  if (text.tokens.length > 1) {
    scores.push(sql`(case when ${atWordStart(text.phrase)} then 2 else 0 end)`);
  }
  return { ctes, conditions, score: sql.join(scores, sql` + `) };
}

/** True when a corrected retry could find more: some plain word of 4+ letters in the free text. */
export function hasCorrectableWords(query: CatalogueQuery): boolean {
  return analyseText(query.searchText)?.tokens.some((token) => token.fuzzy) ?? false;
}

// ---------------------------------------------------------------------------------------------
// Express checkout: modelName=
// ---------------------------------------------------------------------------------------------

type ModelLookup = { text: string; compact: string };

function analyseModelName(input: string): ModelLookup | null {
  const text = input.toLowerCase().replace(/\s+/g, ' ').trim();
  const compact = text.replace(NOT_ALPHANUMERIC, '');
  return compact === '' ? null : { text, compact };
}

/** Model number or product name containing the text, case-insensitive, hyphens optional. */
function modelMatches(model: ModelLookup): SQL {
  const match = sql`(strpos(lower(p.model_name), ${model.text}) > 0 or strpos(lower(p.product_name), ${model.text}) > 0
    or strpos(p.model_compact, ${model.compact}) > 0)`;
  // Implied by the match (the model number and the name are part of search_compact), and indexed.
  return model.compact.length >= 3 ? sql`p.search_compact like ${containsPattern(model.compact)} and ${match}` : match;
}

/** Exact model number 30, model-number prefix 20, product-name prefix 10, anywhere else 0. */
function modelScore(model: ModelLookup): SQL {
  return sql`(case when p.model_compact = ${model.compact} then 30
    when starts_with(lower(p.model_name), ${model.text}) or starts_with(p.model_compact, ${model.compact}) then 20
    when starts_with(lower(p.product_name), ${model.text}) then 10 else 0 end)`;
}

// ---------------------------------------------------------------------------------------------
// Filters and sort
// ---------------------------------------------------------------------------------------------

function idList(ids: readonly number[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
}

type SortKey = { expr: SQL; nullsLast?: boolean };

type QueryPlan = {
  ctes: SQL[];
  conditions: SQL[];
  keys: SortKey[];
  /**
   * Count the matches with `count(*) over ()` in the pass that sorts them (free text: the text test
   * is the costly part, run it once), rather than with a separate count beside a page read from an
   * ordered index (filters only: cheap tests, and the page scan stops after `limit` rows).
   */
  countInWindow: boolean;
};

/** WHERE conditions (active products only), helper CTEs and ORDER BY keys of a catalogue query. */
export function planQuery(query: CatalogueQuery, mode: TextMode): QueryPlan {
  const conditions: SQL[] = [sql`p.is_active`];
  const { filters } = query;
  const column: Record<'frameShapeId' | 'frameMaterialId' | 'sizeId' | 'brandId' | 'productTypeId', SQL> = {
    frameShapeId: sql`p.frame_shape_id`,
    frameMaterialId: sql`p.material_id`,
    sizeId: sql`p.size_id`,
    brandId: sql`p.brand_id`,
    productTypeId: sql`p.product_type_id`,
  };
  for (const key of Object.keys(column) as (keyof typeof column)[]) {
    const ids = filters[key];
    if (ids && ids.length > 0) conditions.push(sql`${column[key]} in (${idList(ids)})`);
  }
  if (filters.genderIdList?.length) {
    conditions.push(
      sql`exists (select 1 from product_genders g where g.product_id = p.id and g.gender_id in (${idList(filters.genderIdList)}))`,
    );
  }
  // A style matches when ANY of its variants has one of the frame colours.
  if (filters.frameColorIdList?.length) {
    conditions.push(
      sql`exists (select 1 from product_colours c where c.product_id = p.id and c.frame_colour_id in (${idList(filters.frameColorIdList)}))`,
    );
  }
  if (query.isAvailable) {
    conditions.push(sql`exists (select 1 from product_colours c where c.product_id = p.id and c.available_stock_quantity > 0)`);
  }
  // Rupees on the list price (before discount), inclusive.
  if (query.netPriceFrom !== null) conditions.push(sql`p.net_price_paise >= ${rupeesToPaise(query.netPriceFrom)}`);
  if (query.netPriceTo !== null) conditions.push(sql`p.net_price_paise <= ${rupeesToPaise(query.netPriceTo)}`);

  const ctes: SQL[] = [];
  const scores: SQL[] = [];
  const model = analyseModelName(query.modelName);
  if (model) {
    conditions.push(modelMatches(model));
    scores.push(modelScore(model));
  }
  const text = analyseText(query.searchText);
  if (text) {
    const plan = textPlan(text, mode);
    ctes.push(...plan.ctes);
    conditions.push(...plan.conditions);
    scores.push(plan.score);
  }
  return { ctes, conditions, keys: sortKeys(query, scores), countInWindow: model !== null || text !== null };
}

/** ORDER BY keys for the query's sort; `p.id` in the same direction always follows (stable pages). */
function sortKeys(query: CatalogueQuery, scores: SQL[]): SortKey[] {
  switch (query.sortBy) {
    case 'netPrice':
      return [{ expr: sql`p.net_price_paise` }];
    // Byte order of the lower-cased text: the same on every server whatever its default collation.
    case 'productName':
      return [{ expr: sql`lower(p.product_name) collate "C"` }];
    case 'modelName':
      return [{ expr: sql`lower(p.model_name) collate "C"` }];
    case 'relevance':
      if (scores.length === 0) return [{ expr: sql`p.release_date` }];
      return [{ expr: sql.join(scores, sql` + `) }, { expr: sql`p.release_date`, nullsLast: true }];
    case 'releaseDate':
    default:
      return [{ expr: sql`p.release_date` }];
  }
}

function withClause(ctes: SQL[]): SQL {
  return ctes.length === 0 ? sql`` : sql`${sql.join(ctes, sql`, `)}, `;
}

// ---------------------------------------------------------------------------------------------
// Product rows
// ---------------------------------------------------------------------------------------------

/** One colour variant of a product: colours by id (names in `MastersJson`). */
export type VariantJson = {
  id: number;
  colorVariant: string;
  variantNumber: number;
  frameColourId: number;
  templeColourId: number | null;
  stock: number;
};

/** One image of a product, with the variant it shows. */
export type ImageJson = { variantId: number; url: string; type: string };

/**
 * Every master list, read once per statement (all of them are a few dozen rows): names by id, the
 * colours as [name, hex], the genders in display order. Cheaper than a lookup per product and per
 * variant, and never stale (read in the same statement as the products).
 */
export type MastersJson = {
  brands: Record<string, string>;
  productTypes: Record<string, string>;
  frameShapes: Record<string, string>;
  sizes: Record<string, string>;
  materials: Record<string, string>;
  colours: Record<string, [string, string]>;
  tags: Record<string, string>;
  /** [id, name] in display order. */
  genders: [number, string][];
};

/** One product as the catalogue SQL returns it (snake_case, raw driver values). */
export type ProductRow = {
  /** null only on the single row of a search page past the end (it carries the total). */
  id: number;
  total: number;
  product_name: string;
  model_name: string;
  model_code: string;
  product_code: string;
  brand_id: number;
  product_type_id: number;
  frame_type: string | null;
  frame_shape_id: number | null;
  manufacturer_details: string | null;
  frame_width_mm: number | null;
  eye_size_mm: number | null;
  nose_bridge_mm: number | null;
  arm_length_mm: number | null;
  size_id: number | null;
  material_id: number | null;
  temple_material_id: number | null;
  weight_grams: number | null;
  weight_group: string | null;
  product_warranty: string | null;
  description: string | null;
  hsn_code: string;
  gst_rate: number;
  release_date: string | null;
  net_price_paise: number;
  /** Tag ids, the collection (position 0) first. */
  tag_ids: number[];
  gender_ids: number[];
  variants: VariantJson[];
  images: ImageJson[];
  /** On exactly one row of the result (any one): the same for every product. */
  masters: MastersJson | null;
  acting_state_id: number | null;
  rules: RuleJson[];
};

export type PricingContext = {
  /** The acting retailer (its state decides the discount rules); null = nobody (the service shows list prices). */
  retailerId: number | null;
  now: Date;
};

/**
 * SELECT … FROM `from`: the products of the `page` CTE (a CTE with `id` and sort columns) in
 * `order`, with everything the contract needs. Per product only four small subqueries run (tag ids,
 * gender ids, variants, images); names come from the master lists, the retailer's state and the
 * active discount rules from uncorrelated subqueries: each of those runs once per statement.
 * (Measured on 10,000 styles: a lookup per product and per variant cost 3× as much execution time,
 * and joining the masters in the outer query cost 3 ms of planning on PGlite.)
 */
function productsOfPage(parts: { total: SQL; from: SQL; order: SQL }, pricing: PricingContext): SQL {
  const now = pricing.now.toISOString();
  return sql`select p.id, ${parts.total} as total, p.product_name, p.model_name, p.model_code, p.product_code,
      p.brand_id, p.product_type_id, p.frame_type, p.frame_shape_id, p.manufacturer_details, p.frame_width_mm,
      p.eye_size_mm, p.nose_bridge_mm, p.arm_length_mm, p.size_id, p.material_id, p.temple_material_id,
      p.weight_grams, p.weight_group, p.product_warranty, p.description, p.hsn_code,
      p.gst_rate_percent::float8 as gst_rate, to_char(p.release_date, 'YYYY-MM-DD') as release_date, p.net_price_paise,
      to_json(array(select pt.tag_id from product_tags pt where pt.product_id = p.id order by pt.position, pt.tag_id)) as tag_ids,
      to_json(array(select pg.gender_id from product_genders pg where pg.product_id = p.id)) as gender_ids,
      to_json(array(select json_build_object('id', pc.id, 'colorVariant', pc.color_variant, 'variantNumber', pc.variant_number,
          'frameColourId', pc.frame_colour_id, 'templeColourId', pc.temple_colour_id, 'stock', pc.available_stock_quantity)
        from product_colours pc where pc.product_id = p.id order by pc.variant_number)) as variants,
      to_json(array(select json_build_object('variantId', i.product_colour_id, 'url', i.url, 'type', i.image_type)
        from product_colours pc join product_images i on i.product_colour_id = pc.id
        where pc.product_id = p.id order by i.product_colour_id, i.priority, i.id)) as images,
      -- Sent once (on whichever row is numbered 1), not repeated on every row.
      case when row_number() over () = 1 then (select json_build_object(
          'brands', (select coalesce(json_object_agg(b.id, b.name), '{}'::json) from brands b),
          'productTypes', (select coalesce(json_object_agg(t.id, t.name), '{}'::json) from product_types t),
          'frameShapes', (select coalesce(json_object_agg(s.id, s.name), '{}'::json) from frame_shapes s),
          'sizes', (select coalesce(json_object_agg(z.id, z.name), '{}'::json) from sizes z),
          'materials', (select coalesce(json_object_agg(m.id, m.name), '{}'::json) from materials m),
          'colours', (select coalesce(json_object_agg(c.id, json_build_array(c.name, c.hex_code)), '{}'::json) from colours c),
          'tags', (select coalesce(json_object_agg(tg.id, tg.name), '{}'::json) from tags tg),
          'genders', (select coalesce(json_agg(json_build_array(g.id, g.name) order by g.sort_order, g.id), '[]'::json) from genders g))) end as masters,
      (select r.state_id from retailers r where r.id = ${pricing.retailerId}) as acting_state_id,
      ${activeRulesJson(sql`${now}`, sql`(select r.state_id from retailers r where r.id = ${pricing.retailerId})`)} as rules
    from ${parts.from}
    order by ${parts.order}`;
}

/**
 * getAll in one statement: the page's ids (filtered, sorted, limited), the total and the products of
 * the page. Two shapes, chosen by `countInWindow` and measured on 10,000 styles (docs/catalogue-indexes.md):
 * - free text: `count(*) over ()` counts the matching rows in the same pass that sorts them, so the
 *   costly text test runs once; a page past the end has no row at all (the service then counts);
 * - filters only: the page comes from an ordered index scan that stops after `limit` rows, and a
 *   separate plain count (index-only where it can) gives the total; the result always has a row
 *   carrying the total (a page past the end: one row with a null id).
 */
export function catalogueSearchSql(
  query: CatalogueQuery,
  page: { pageNumber: number; pageSize: number },
  pricing: PricingContext,
  mode: TextMode = 'literal',
): SQL {
  const plan = planQuery(query, mode);
  const direction = query.orderBy === 'Asc' ? sql.raw('asc') : sql.raw('desc');
  const keyColumns = plan.keys.map((key, index) => sql`, ${key.expr} as ${sql.raw(`k${index}`)}`);
  // ORDER BY the output columns (k0, k1, id), so each key expression is computed once per row.
  const byColumns = (prefix: string) =>
    sql.join(
      [
        ...plan.keys.map(
          (key, index) => sql`${sql.raw(`${prefix}k${index}`)} ${direction}${key.nullsLast ? sql` nulls last` : sql``}`,
        ),
        sql`${sql.raw(`${prefix}id`)} ${direction}`,
      ],
      sql`, `,
    );
  const where = sql.join(plan.conditions, sql` and `);
  const offset = (page.pageNumber - 1) * page.pageSize;
  const keyNames = plan.keys.map((_key, index) => sql.raw(`, m.k${index}`));
  const pageCte = plan.countInWindow
    ? // `offset 0` keeps the inner select apart, so the sort keys are computed before the window,
      // which then holds (id, keys) per matching row instead of the wide text columns.
      sql`page as (
      select m.id, count(*) over () as total${sql.join(keyNames, sql``)}
      from (select p.id${sql.join(keyColumns, sql``)} from products p where ${where} offset 0) m
      order by ${byColumns('m.')}
      limit ${page.pageSize} offset ${offset}
    )`
    : sql`page as (
      select p.id${sql.join(keyColumns, sql``)}
      from products p
      where ${where}
      order by ${byColumns('')}
      limit ${page.pageSize} offset ${offset}
    )`;
  if (plan.countInWindow) {
    return sql`with ${withClause(plan.ctes)}${pageCte}
      ${productsOfPage({ total: sql`page.total`, from: sql`page join products p on p.id = page.id`, order: byColumns('page.') }, pricing)}`;
  }
  return sql`with ${withClause(plan.ctes)}${pageCte},
    matched as (select count(*) as total from products p where ${where})
    ${productsOfPage(
      {
        total: sql`matched.total`,
        from: sql`matched left join page on true left join products p on p.id = page.id`,
        order: byColumns('page.'),
      },
      pricing,
    )}`;
}

/** The number of matching products (for a page past the end counted in a window: no row came back). */
export function catalogueCountSql(query: CatalogueQuery, mode: TextMode = 'literal'): SQL {
  const plan = planQuery(query, mode);
  const ctes = plan.ctes.length === 0 ? sql`` : sql`with ${sql.join(plan.ctes, sql`, `)} `;
  return sql`${ctes}select count(*) as total from products p where ${sql.join(plan.conditions, sql` and `)}`;
}

/** One product by id (active only). */
export function productByIdSql(productId: number, pricing: PricingContext): SQL {
  return sql`with page as (select p.id from products p where p.id = ${productId} and p.is_active)
    ${productsOfPage({ total: sql`1`, from: sql`page join products p on p.id = page.id`, order: sql`p.id` }, pricing)}`;
}

/**
 * Related products: active styles of the same product type sharing the frame shape or the brand,
 * best first (same shape 4, same brand 2, same material 1: a shared shape always ranks first), then newest.
 */
export function relatedProductsSql(productId: number, limit: number, pricing: PricingContext): SQL {
  return sql`with page as (
      select p.id,
        (case when p.frame_shape_id = o.frame_shape_id then 4 else 0 end
          + case when p.brand_id = o.brand_id then 2 else 0 end
          + case when p.material_id = o.material_id then 1 else 0 end) as k0,
        p.release_date as k1
      from products o
      join products p on p.product_type_id = o.product_type_id and p.id <> o.id and p.is_active
        and (p.frame_shape_id = o.frame_shape_id or p.brand_id = o.brand_id)
      where o.id = ${productId}
      order by k0 desc, k1 desc nulls last, p.id desc
      limit ${limit}
    )
    ${productsOfPage(
      {
        total: sql`0`,
        from: sql`page join products p on p.id = page.id`,
        order: sql`page.k0 desc, page.k1 desc nulls last, page.id desc`,
      },
      pricing,
    )}`;
}

/**
 * Buy again: the retailer's most ordered styles, by pieces over its past orders (cancelled orders,
 * cancelled pieces and free lines not counted), then the latest ordered, that are still sold and
 * have a colour in stock. Reads the retailer's `orders` and `order_lines` (docs/architecture.md,
 * Tables and modules). The pieces ride in the rows' `total` column.
 */
export function buyAgainSql(retailerId: number, limit: number, pricing: PricingContext): SQL {
  return sql`with ordered as (
      select ol.product_id as id, sum(ol.quantity - ol.cancelled_quantity) as pieces, max(o.placed_at) as last_placed
      from orders o
      join order_lines ol on ol.order_id = o.id
      where o.retailer_id = ${retailerId} and o.status <> 'Cancelled' and not ol.is_free
      group by ol.product_id
      having sum(ol.quantity - ol.cancelled_quantity) > 0
    ),
    page as (
      select p.id, ordered.pieces as k0, ordered.last_placed as k1
      from ordered
      join products p on p.id = ordered.id and p.is_active
      where exists (select 1 from product_colours c where c.product_id = p.id and c.available_stock_quantity > 0)
      order by k0 desc, k1 desc, p.id desc
      limit ${limit}
    )
    ${productsOfPage(
      { total: sql`page.k0`, from: sql`page join products p on p.id = page.id`, order: sql`page.k0 desc, page.k1 desc, page.id desc` },
      pricing,
    )}`;
}
