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
import { IN_FILTER_KEYS, type InFilterKey } from '@frameport/domain/contract';
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

/** A vocabulary word a mistyped word is corrected to, and its pg_trgm word similarity (float8 of the float4). */
export type Correction = { term: string; sim: number };
/**
 * The corrections of each mistyped word (`TextToken.text` → best first), read beforehand by
 * `correctionsSql`: the corrected statement then holds them as constants, so its conditions are
 * plain trigram LIKEs the planner can combine (BitmapOr) and its scores take a few known values.
 */
export type Corrections = Record<string, Correction[]>;

/**
 * The score levels of one word for the relevance walks (see `catalogueSearchSql`): `top` holds the
 * styles where it scores its best (1, at a word start); `floor` the lowest score a matching style
 * can get, the condition of scoring exactly that (`at`) and of scoring more (`above`, which the
 * trigram indexes find). Null floor: the word has no floor worth walking.
 */
type WordLevels = { top: SQL; floor: { at: SQL; above: SQL } | null };

type TextPlan = {
  ctes: SQL[];
  conditions: SQL[];
  /** Per word: 1 at a word start, 0.8 inside a word, 0.7 across spaces or hyphens, a corrected word less. */
  base: SQL;
  /** The best base score: every word at a word start. */
  fullBase: number;
  /** Model number exact 8, model-number prefix 4, the phrase at a word start 2: at most 14. */
  bonus: SQL;
  /** A superset of the rows with a bonus that the indexes find (model-number prefix, phrase). */
  bonusCandidates: SQL;
  /** Per word, for the relevance walks; null when the corrections are read in the statement (no constant levels). */
  levels: WordLevels[] | null;
};

/**
 * The closest vocabulary words to a word that is not part of any vocabulary word (a typo); none for
 * a real word or a piece of one ('avia'), so those are never widened.
 */
function correctionSelect(token: TextToken): SQL {
  return sql`select st.term, word_similarity(${token.text}, st.term)::float8 as sim
      from search_terms st
      where ${token.text} <% st.term
        and not exists (select 1 from search_terms known where strpos(known.term, ${token.text}) > 0)
      order by sim desc, st.term
      limit 5`;
}

function correctionCte(token: TextToken, name: SQL): SQL {
  return sql`${name} as (${correctionSelect(token)})`;
}

/**
 * The corrections of every mistyped word of the query in one statement: rows (word, term, sim),
 * best first per word. Null when no word can be corrected.
 */
export function correctionsSql(query: CatalogueQuery): SQL | null {
  const fuzzy = analyseText(query.searchText)?.tokens.filter((token) => token.fuzzy) ?? [];
  if (fuzzy.length === 0) return null;
  return sql.join(
    fuzzy.map((token) => sql`(select ${token.text}::text as word, c.term, c.sim from (${correctionSelect(token)}) c)`),
    sql` union all `,
  );
}

/** The rows of `correctionsSql` as `Corrections`, best first per word (as the statement orders them). */
export function toCorrections(rows: { word: string; term: string; sim: number | string }[]): Corrections {
  const out: Corrections = {};
  for (const row of rows) (out[row.word] ??= []).push({ term: row.term, sim: Number(row.sim) });
  return out;
}

/** The text starts a word of search_text (no per-row string building: both patterns are constants). */
function atWordStart(text: string): SQL {
  return sql`(starts_with(s.search_text, ${text}) or strpos(s.search_text, ${` ${text}`}) > 0)`;
}

function textPlan(text: SearchText, mode: TextMode, corrections: Corrections | undefined): TextPlan {
  const ctes: SQL[] = [];
  const conditions: SQL[] = [];
  const scores: SQL[] = [];
  let levels: WordLevels[] | null = [];
  text.tokens.forEach((token, index) => {
    const literal = literalMatches(token, 's');
    // word start 1, inside a word 0.8, across spaces or hyphens 0.7, a corrected word up to 0.9 × its similarity
    let otherwise = sql`0::float8`;
    // A word of 4+ letters and digits matches inside the compact text: at least 0.7, more when search_text holds it.
    let floor: WordLevels['floor'] =
      token.compact.length >= 4
        ? { at: sql`strpos(s.search_text, ${token.text}) = 0`, above: sql`s.search_text like ${containsPattern(token.text)}` }
        : null;
    if (mode === 'corrected' && token.fuzzy && corrections) {
      // The same words and scores as the correction CTE below, as constants (best first).
      const fixes = corrections[token.text] ?? [];
      const contains = (fix: Correction) => sql`s.search_compact like ${`%${fix.term}%`}`;
      conditions.push(sql`(${sql.join([literal, ...fixes.map(contains)], sql` or `)})`);
      if (fixes.length > 0) {
        otherwise = sql`(case ${sql.join(
          fixes.map((fix) => sql`when strpos(s.search_compact, ${fix.term}) > 0 then ${fix.sim}::float8 * 0.9`),
          sql` `,
        )} else 0::float8 end)`;
        // The floor: only the least similar corrections held; above it, the literal word or a closer correction.
        const least = fixes[fixes.length - 1]!.sim;
        const closer = fixes.filter((fix) => fix.sim > least).map(contains);
        const above = sql`(${sql.join([literal, ...closer], sql` or `)})`;
        floor = { at: sql`not ${above}`, above };
      }
    } else if (mode === 'corrected' && token.fuzzy) {
      const fix = sql.raw(`fix${index}`);
      ctes.push(correctionCte(token, fix));
      // The corrections are whole words (letters only), so the compact text holds them too.
      conditions.push(sql`(${literal} or s.search_compact like any (array(select '%' || f.term || '%' from ${fix} f)))`);
      otherwise = sql`coalesce((select max(f.sim) from ${fix} f where strpos(s.search_compact, f.term) > 0), 0) * 0.9`;
      levels = null;
    } else {
      conditions.push(literal);
    }
    const compact =
      token.compact.length >= 3 ? sql` when strpos(s.search_compact, ${token.compact}) > 0 then 0.7::float8` : sql``;
    scores.push(sql`(case when ${atWordStart(token.text)} then 1::float8
      when strpos(s.search_text, ${token.text}) > 0 then 0.8::float8${compact} else ${otherwise} end)`);
    levels?.push({ top: atWordStart(token.text), floor });
  });
  // The exact model number first, then a model-number prefix, then the whole phrase as typed.
  const bonuses: SQL[] = [];
  const candidates: SQL[] = [];
  if (text.compact !== '') {
    bonuses.push(sql`(case when s.model_compact = ${text.compact} then 8 else 0 end)`);
    // catalogue_search_model_compact_idx (text_pattern_ops): the exact number and every prefix match.
    candidates.push(sql`s.model_compact like ${`${text.compact}%`}`);
  }
  if (text.compact.length >= 2) {
    bonuses.push(sql`(case when starts_with(s.model_compact, ${text.compact}) then 4 else 0 end)`);
  }
  if (text.tokens.length > 1) {
    bonuses.push(sql`(case when ${atWordStart(text.phrase)} then 2 else 0 end)`);
    candidates.push(sql`s.search_text like ${containsPattern(text.phrase)}`);
  }
  return {
    ctes,
    conditions,
    base: sql.join(scores, sql` + `),
    fullBase: text.tokens.length,
    bonus: bonuses.length === 0 ? sql`0` : sql.join(bonuses, sql` + `),
    bonusCandidates: candidates.length === 0 ? sql`false` : sql`(${sql.join(candidates, sql` or `)})`,
    levels,
  };
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
  const match = sql`(strpos(s.model_key, ${model.text}) > 0 or strpos(s.name_key, ${model.text}) > 0
    or strpos(s.model_compact, ${model.compact}) > 0)`;
  // Implied by the match (the model number and the name are part of search_compact), and indexed.
  return model.compact.length >= 3 ? sql`s.search_compact like ${containsPattern(model.compact)} and ${match}` : match;
}

/** Exact model number 30, model-number prefix 20, product-name prefix 10, anywhere else 0. */
function modelScore(model: ModelLookup): SQL {
  return sql`(case when s.model_compact = ${model.compact} then 30
    when starts_with(s.model_key, ${model.text}) or starts_with(s.model_compact, ${model.compact}) then 20
    when starts_with(s.name_key, ${model.text}) then 10 else 0 end)`;
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

/** The IN filter groups and the `catalogue_search` condition of each (facets leave one group out at a time). */
const GROUP_CONDITION: Record<InFilterKey, (ids: SQL) => SQL> = {
  frameShapeId: (ids) => sql`s.frame_shape_id in (${ids})`,
  frameMaterialId: (ids) => sql`s.material_id in (${ids})`,
  sizeId: (ids) => sql`s.size_id in (${ids})`,
  brandId: (ids) => sql`s.brand_id in (${ids})`,
  productTypeId: (ids) => sql`s.product_type_id in (${ids})`,
  genderIdList: (ids) => sql`s.gender_ids && array[${ids}]::int[]`,
  // A style matches when ANY of its variants has one of the frame colours.
  frameColorIdList: (ids) => sql`s.colour_ids && array[${ids}]::int[]`,
};

type QueryPlan = {
  ctes: SQL[];
  /** Every condition of the search (at least one). */
  conditions: SQL[];
  /** The condition of each IN group the search filters on. */
  groups: Partial<Record<InFilterKey, SQL>>;
  /** Every condition that is not an IN group's or availability's: price, free text, model number. */
  rest: SQL[];
  /** `s.in_stock` when the search asks for styles in stock. */
  availability: SQL | null;
  keys: SortKey[];
  /** Relevance ranking of free text with every word scored apart (see `catalogueSearchSql`), or null. */
  ranking: { base: SQL; fullBase: number; bonus: SQL; bonusCandidates: SQL; levels: WordLevels[] } | null;
};

/**
 * WHERE conditions, helper CTEs and ORDER BY keys of a catalogue query, on `catalogue_search s`
 * (one row per active style, kept by triggers: migration 0017), so no filter reads `products` or
 * joins the genders and colours.
 */
export function planQuery(query: CatalogueQuery, mode: TextMode, corrections?: Corrections): QueryPlan {
  const { filters } = query;
  const groups: Partial<Record<InFilterKey, SQL>> = {};
  for (const key of IN_FILTER_KEYS) {
    const ids = filters[key];
    if (ids && ids.length > 0) groups[key] = GROUP_CONDITION[key](idList(ids));
  }
  const rest: SQL[] = [];
  // Rupees on the list price (before discount), inclusive.
  if (query.netPriceFrom !== null) rest.push(sql`s.net_price_paise >= ${rupeesToPaise(query.netPriceFrom)}`);
  if (query.netPriceTo !== null) rest.push(sql`s.net_price_paise <= ${rupeesToPaise(query.netPriceTo)}`);

  const ctes: SQL[] = [];
  const scores: SQL[] = [];
  const model = analyseModelName(query.modelName);
  if (model) {
    rest.push(modelMatches(model));
    scores.push(modelScore(model));
  }
  const text = analyseText(query.searchText);
  let ranking: QueryPlan['ranking'] = null;
  if (text) {
    const plan = textPlan(text, mode, corrections);
    ctes.push(...plan.ctes);
    rest.push(...plan.conditions);
    scores.push(sql`${plan.base} + ${plan.bonus}`);
    // A model number scores apart, and corrections read in the statement have no known levels: rank every match there.
    if (!model && plan.levels && query.sortBy === 'relevance' && query.orderBy === 'Desc') {
      const { base, fullBase, bonus, bonusCandidates, levels } = plan;
      ranking = { base, fullBase, bonus, bonusCandidates, levels };
    }
  }
  const availability = query.isAvailable ? sql`s.in_stock` : null;
  const conditions = [...Object.values(groups), ...(availability ? [availability] : []), ...rest];
  if (conditions.length === 0) conditions.push(sql`true`);
  return {
    ctes,
    conditions,
    groups,
    rest,
    availability,
    keys: sortKeys(query, scores),
    ranking,
  };
}

/** ORDER BY keys for the query's sort; `s.id` in the same direction always follows (stable pages). */
function sortKeys(query: CatalogueQuery, scores: SQL[]): SortKey[] {
  switch (query.sortBy) {
    case 'netPrice':
      return [{ expr: sql`s.net_price_paise` }];
    // Byte order of the lower-cased text: the same on every server whatever its default collation.
    case 'productName':
      return [{ expr: sql`s.name_key collate "C"` }];
    case 'modelName':
      return [{ expr: sql`s.model_key collate "C"` }];
    case 'relevance':
      if (scores.length === 0) return [{ expr: sql`s.release_date` }];
      return [{ expr: sql.join(scores, sql` + `) }, { expr: sql`s.release_date`, nullsLast: true }];
    case 'releaseDate':
    default:
      return [{ expr: sql`s.release_date` }];
  }
}

/** FROM clause of the page, the count and the facets. */
function source(): SQL {
  return sql`catalogue_search s`;
}

/**
 * Counts are exact up to this many matches; past it the count says "at least COUNT_LIMIT"
 * (`countIsLowerBound`), so counting never reads more than COUNT_LIMIT + 1 matching rows however
 * large the catalogue (decision 017).
 */
export const COUNT_LIMIT = 10_000;

/**
 * …and with free text, up to this many. A text match is found by the trigram indexes and then
 * rechecked on each row: counting 10,000 of them cost 8–10 ms at 100,000 styles (5,000 heap blocks),
 * where 2,000 cost 2 and the page itself under 1. The screen shows the exact total from getFacets
 * (its bitsets count every match in a few milliseconds) and says "2,000+" only until that arrives.
 */
export const TEXT_COUNT_LIMIT = 2_000;

/**
 * Whether getAll's statement must count the search itself: free text sorted by relevance, whose walks
 * read with the count how many matches score above the floor. Every other search is counted from
 * the facet bitsets first when that is cheap (facets-index.ts `total` and `countsCheaply`, decision
 * 019) and the statement is handed the total (`knownTotal`): counting in SQL read every match up to
 * the count limit, the cost that grew with the catalogue (a BitmapAnd of four indexes, 11 of 15 ms at
 * 100,000 styles).
 */
export function countedInStatement(query: CatalogueQuery, mode: TextMode): boolean {
  return planQuery(query, mode).ranking !== null;
}

/** How many matches getAll counts exactly for `query` (past it: `countIsLowerBound`). */
export function countLimitOf(query: CatalogueQuery, limits: CountLimits = COUNT_LIMITS): number {
  return analyseText(query.searchText) ? limits.text : limits.other;
}

export type CountLimits = { text: number; other: number };
const COUNT_LIMITS: CountLimits = { text: TEXT_COUNT_LIMIT, other: COUNT_LIMIT };

/**
 * Relevance reads the newest full-score styles in release-date order only when at least this many
 * styles match (so the walk meets a match every 100 rows or so even at 100,000 styles); rarer
 * searches rank every match, which are few.
 */
const WALK_MIN_MATCHES = 1_000;
/** The walk reads at most this many styles; a search whose full-score styles are rarer ranks every match. */
const WALK_MAX_ROWS = 5_000;
/** …and at most this many per style of `offset + limit` (a 1% tier needs about 100 per style). */
const WALK_ROWS_PER_STYLE = 150;
/** The floor walk ranks at most this many styles scoring above the floor (found by index); more: rank every match. */
const WALK_HIGH_MAX = 1_000;
/**
 * A sorted search (not relevance) with at most this many matches reads them all and sorts them; with
 * more, it reads in sort order until the page is full. Walking reads about `(offset + limit) × styles
 * / matches` rows (or, when the sort puts the matches last, nearly every style), sorting about
 * `matches`: they cross near √(14 × 100,000) ≈ 1,200 at 100,000 styles.
 */
const FEW_MATCHES = 1_000;

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
  /**
   * getAll's statement only (undefined elsewhere): the acting retailer's GSTIN and its state's GST
   * code, whose bill-to GST state code getAll sends with its prices; null when nobody acts. Read in
   * the same statement, so a page costs one round trip to the database rather than two.
   */
  bill_to?: { gstin: string | null; stateCode: string } | null;
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
function productsOfPage(parts: { total: SQL; from: SQL; order: SQL; billTo?: boolean }, pricing: PricingContext): SQL {
  const now = pricing.now.toISOString();
  const billTo = parts.billTo
    ? sql`(select json_build_object('gstin', r.gstin, 'stateCode', st.state_code)
        from retailers r join states st on st.id = r.state_id where r.id = ${pricing.retailerId}) as bill_to,`
    : sql``;
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
      (select r.state_id from retailers r where r.id = ${pricing.retailerId}) as acting_state_id, ${billTo}
      ${activeRulesJson(sql`${now}`, sql`(select r.state_id from retailers r where r.id = ${pricing.retailerId})`)} as rules
    from ${parts.from}
    order by ${parts.order}`;
}

/**
 * getAll in one statement: the page's ids (filtered, sorted, limited), the count and the products
 * of the page. The result always has a row carrying the count (a page past the end: one row with a
 * null id). The count is exact up to `countLimitOf(query)` and stops reading there.
 *
 * Relevance (free text, newest first among equals) without reading every match: a style scores per
 * word (1 at a word start, less inside a word) plus a bonus (model number, phrase). The styles with
 * a bonus are few and found by index (`bonus_rows`). Every other style is read from one score tier
 * walked newest first (release-date order, stopping at `offset + limit` styles of the tier), plus
 * every style that could score above that tier, found by index and ranked:
 * - `full_rows`: every word at a word start, the best score a style without a bonus can have;
 * - `floor_rows` when there are not enough of those: every word of 4+ letters and digits at its
 *   lowest score (0.7 inside the compact text only, or a corrected word through its least similar
 *   correction), every other word at a word start; `high_rows` holds every style where one of those
 *   words scores more (the trigram indexes find them), at most WALK_HIGH_MAX of them.
 * A style outside these sets scores below the walked tier, or the same and is older, so the page is
 * the same, in the same order, as ranking every match. When neither walk finds enough styles among
 * the newest WALK_MAX_ROWS (or the search has fewer than WALK_MIN_MATCHES matches) every match is
 * ranked. `rankEveryMatch` always ranks every match (tests compare the two; the bench measures
 * both); `walkFrom` lowers WALK_MIN_MATCHES so tests run the walks on a small catalogue.
 * Any other sort reads a page of many matches in sort order and sorts few matches whole
 * (FEW_MATCHES; `fewMatches` moves the line, so tests run both ways); nothing matched, no page is read.
 * `corrections`: the mistyped words' corrections as constants (mode 'corrected'; see `Corrections`).
 */
export function catalogueSearchSql(
  query: CatalogueQuery,
  page: { pageNumber: number; pageSize: number },
  pricing: PricingContext,
  mode: TextMode = 'literal',
  options: { rankEveryMatch?: boolean; walkFrom?: number; fewMatches?: number; corrections?: Corrections; countLimits?: CountLimits; knownTotal?: number } = {},
): SQL {
  const plan = planQuery(query, mode, options.corrections);
  const countLimit = countLimitOf(query, options.countLimits);
  if (options.rankEveryMatch) plan.ranking = null;
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
  const from = source();
  const offset = (page.pageNumber - 1) * page.pageSize;
  const ctes = [...plan.ctes];
  const keyNames = sql.join(
    plan.keys.map((_key, index) => sql.raw(`, r.k${index}`)),
    sql``,
  );
  // The page's candidate rows: the id and every sort key.
  const columns = sql`s.id${sql.join(keyColumns, sql``)}`;
  // The corrected retry's matches are planned as if every one were read (`materialized`: the limit is
  // not seen), then read only up to the limit. Planned under the limit, a mistyped word OR its
  // corrections (each row tests them all, which the planner does not weigh) in 10% of the styles made
  // it scan the table until the limit: 'aviatr' retried with 'aviator' at 100,000 styles read 20,000
  // rows for 2,001 matches (14.7 ms) where the trigram index finds them in 5 ms. A literal word is
  // better planned under the limit: 'black', in half the styles, is counted from the first 4,000 rows
  // (3 ms) rather than from the index's 50,000 entries (7 ms).
  const countOf = (selected: SQL, extra: SQL) =>
    mode === 'corrected'
      ? sql`matching as materialized (select ${selected} from ${from} where ${where}),
        matched as (select count(*) as total${extra} from (select * from matching limit ${countLimit + 1}) c)`
      : sql`matched as (select count(*) as total${extra} from (select ${selected} from ${from} where ${where} limit ${countLimit + 1}) c)`;
  // A total counted before (the facet bitsets) is a constant: the branch it rules out is not even planned.
  let matchedCte = options.knownTotal === undefined ? countOf(sql`1`, sql``) : sql`matched as (select ${options.knownTotal}::bigint as total)`;
  let pageCte: SQL;
  if (plan.ranking) {
    const { base, fullBase, bonus, bonusCandidates, levels } = plan.ranking;
    const enough = offset + page.pageSize;
    const walkFrom = options.walkFrom ?? WALK_MIN_MATCHES;
    // The newest styles, fenced by the `limit` (no condition is pushed into it), so the planner reads
    // catalogue_search_release_date_nulls_last_idx in order (`id desc nulls last`, as the index: ids are
    // never null); the outer `limit` stops the walk. A cap near the table's size made the planner sort
    // the whole table instead (10,000 styles: 79 ms), so it grows with the page, up to WALK_MAX_ROWS.
    const walkRows = Math.min(WALK_MAX_ROWS, Math.max(1_000, enough * WALK_ROWS_PER_STYLE));
    const newest = sql`(select * from catalogue_search s order by s.release_date desc nulls last, s.id desc nulls last limit ${walkRows}) s`;
    const floored = levels.flatMap((level) => (level.floor ? [level.floor] : []));
    const common = sql`(select total from matched) >= ${walkFrom}`;
    const fullRows = (gate: SQL) =>
      sql`full_rows as materialized (select ${columns} from ${newest}
        where ${gate} and ${where} and not (${base} < ${fullBase}::float8) and ${bonus} = 0
        limit ${enough})`;
    ctes.push(sql`bonus_rows as (select ${columns} from ${from} where ${where} and ${bonusCandidates} and ${bonus} > 0)`);
    let way: SQL;
    let walked: SQL;
    if (floored.length === 0) {
      // Only for a common search (the walk then stops early).
      ctes.push(fullRows(common));
      way = sql`case when (select count(*) from full_rows) >= ${enough} then 1 else 0 end`;
      walked = sql`union all select * from full_rows where (select n from way) = 1`;
    } else {
      const tier = sql.join(
        levels.map((level) => level.floor?.at ?? level.top),
        sql` and `,
      );
      const above = sql`(${sql.join(
        floored.map((floor) => floor.above),
        sql` or `,
      )})`;
      // The count also says how many of the counted matches score above the floor (all of them up to
      // the count limit): few, the floor walk goes first; many, the full walk alone (the full tier lies
      // inside them). The CASEs run the subqueries lazily, in order: a walk that is not needed is not read.
      matchedCte = countOf(sql`${above} as above`, sql`, count(*) filter (where c.above) as high`);
      const floorFirst = sql`(${common} and (select high from matched) <= ${WALK_HIGH_MAX})`;
      ctes.push(
        sql`high_rows as materialized (select ${columns} from ${from}
          where ${floorFirst} and ${where} and ${above} and ${bonus} = 0
          limit ${WALK_HIGH_MAX + 1})`,
        sql`floor_rows as materialized (select ${columns} from ${newest}
          where (case when ${floorFirst} then (select count(*) from high_rows) <= ${WALK_HIGH_MAX} else false end)
            and ${where} and ${tier} and ${bonus} = 0
          limit ${enough})`,
        fullRows(sql`(case when (select count(*) from floor_rows) >= ${enough} then false else ${common} end)`),
      );
      way = sql`case when (select count(*) from floor_rows) >= ${enough} then 2
        when (select count(*) from full_rows) >= ${enough} then 1 else 0 end`;
      walked = sql`union all select * from full_rows where (select n from way) = 1
        union all select * from high_rows where (select n from way) = 2
        union all select * from floor_rows where (select n from way) = 2`;
    }
    ctes.splice(plan.ctes.length, 0, matchedCte);
    ctes.push(sql`way as (select ${way} as n)`);
    pageCte = sql`page as (
      select r.id${keyNames} from (
        select * from bonus_rows where (select n from way) > 0
        ${walked}
        union all select ${columns} from ${from} where (select n from way) = 0 and (select total from matched) > 0 and ${where}
      ) r
      order by ${byColumns('r.')}
      limit ${page.pageSize} offset ${offset}
    )`;
  } else {
    // The count comes first and decides how the page is read, one branch of two (nothing matched: no
    // page is read). Many matches: in sort order until the page is full (an index walk meets one soon).
    // Few: all of them, then sorted. The planner alone cannot tell the two apart: filters that rarely go
    // together (the text 'metal' and the material TR90: none) made it walk all 100,000 styles in sort
    // order (87 ms) where the count had already read the matches, none, in 24 ms.
    const fewFrom = options.fewMatches ?? FEW_MATCHES;
    const total = sql`(select total from matched)`;
    const pageOf = (rows: SQL, prefix: string) =>
      sql`${rows} order by ${byColumns(prefix)} limit ${page.pageSize} offset ${offset}`;
    ctes.push(matchedCte);
    pageCte = sql`page as (
      select * from (${pageOf(sql`select ${columns} from ${from} where ${total} > ${fewFrom} and ${where}`, '')}) walked
      union all
      select * from (${pageOf(
        sql`select f.* from (select ${columns} from ${from} where ${total} between 1 and ${fewFrom} and ${where} offset 0) f`,
        'f.',
      )}) sorted
    )`;
  }
  return sql`with ${withClause(ctes)}${pageCte}
    ${productsOfPage(
      {
        total: sql`matched.total`,
        from: sql`matched left join page on true left join products p on p.id = page.id`,
        order: byColumns('page.'),
        billTo: true,
      },
      pricing,
    )}`;
}

/** What getFacets counts: per IN group and option, and the styles in stock and in all. */
export type FacetRow = { bit: number; id: number | null; count: number };

/** The bit of each IN group in the facets statement's `fail` mask (and in FacetRow.bit). */
export const FACET_BITS: Record<InFilterKey, number> = Object.fromEntries(
  IN_FILTER_KEYS.map((key, index) => [key, 1 << index]),
) as Record<InFilterKey, number>;
/** FacetRow.bit of the count of the search as given, and of the count of its styles in stock. */
export const FACET_TOTAL = 0;
export const FACET_AVAILABLE = -1;

/** The column of each IN group in the facets statement's combinations (`m`); colours are counted apart. */
const GROUP_COLUMN: Record<Exclude<InFilterKey, 'frameColorIdList'>, { column: SQL; many: boolean }> = {
  frameShapeId: { column: sql`m.frame_shape_id`, many: false },
  frameMaterialId: { column: sql`m.material_id`, many: false },
  sizeId: { column: sql`m.size_id`, many: false },
  brandId: { column: sql`m.brand_id`, many: false },
  productTypeId: { column: sql`m.product_type_id`, many: false },
  genderIdList: { column: sql`m.gender_ids`, many: true },
};

/**
 * getFacets in one statement, two passes over the styles that match the search's price, text and
 * model number. Each style gets `fail`: a bit for every IN group whose condition it fails. A style
 * counts for an option of group G when it fails no group but G (its own group's choices do not
 * narrow G's counts), has the option, and is in stock when the search asks for that; styles failing
 * two groups or more count nowhere. The first pass groups the styles into combinations of their
 * single-valued ids, genders, stock and `fail` (`m`, far fewer rows than styles), which every group
 * but colour is counted from; the second counts colours (a style has several) directly.
 * Rows: (bit, option id, count); FACET_TOTAL and FACET_AVAILABLE carry the search's own count and
 * its count in stock.
 */
export function facetsSql(query: CatalogueQuery, mode: TextMode = 'literal'): SQL {
  const plan = planQuery(query, mode);
  const failBits = IN_FILTER_KEYS.flatMap((key) => {
    const condition = plan.groups[key];
    return condition ? [sql`(case when ${condition} then 0 else ${sql.raw(String(FACET_BITS[key]))} end)`] : [];
  });
  const fail = failBits.length === 0 ? sql`0` : sql.join(failBits, sql` + `);
  const where = plan.rest.length === 0 ? sql`true` : sql.join(plan.rest, sql` and `);
  const inStock = (alias: string) => (plan.availability ? sql.raw(` and ${alias}.in_stock`) : sql``);
  const groupCounts = (Object.keys(GROUP_COLUMN) as (keyof typeof GROUP_COLUMN)[]).map((key) => {
    const bit = sql.raw(String(FACET_BITS[key]));
    const { column, many } = GROUP_COLUMN[key];
    return many
      ? sql`select ${bit}, o.id, sum(m.n) from m cross join unnest(${column}) as o(id)
          where m.fail & ~${bit} = 0${inStock('m')} group by o.id`
      : sql`select ${bit}, ${column}, sum(m.n) from m
          where m.fail & ~${bit} = 0${inStock('m')} and ${column} is not null group by ${column}`;
  });
  const colourBit = sql.raw(String(FACET_BITS.frameColorIdList));
  return sql`with ${withClause(plan.ctes)}m as (
      select s.frame_shape_id, s.material_id, s.size_id, s.brand_id, s.product_type_id, s.gender_ids, s.in_stock,
        ${fail} as fail, count(*) as n
      from ${source()}
      where ${where}
      group by 1, 2, 3, 4, 5, 6, 7, 8
    )
    select ${sql.raw(String(FACET_TOTAL))} as bit, null::int as id, coalesce(sum(m.n) filter (where m.fail = 0${inStock('m')}), 0) as count from m
    union all select ${sql.raw(String(FACET_AVAILABLE))}, null, coalesce(sum(m.n) filter (where m.fail = 0 and m.in_stock), 0) from m
    union all ${sql.join(groupCounts, sql` union all `)}
    union all select ${colourBit}, o.id, count(*) from ${source()} cross join unnest(s.colour_ids) as o(id)
      where ${where} and (${fail}) & ~${colourBit} = 0${inStock('s')} group by o.id`;
}

/** One product by id (active only). */
export function productByIdSql(productId: number, pricing: PricingContext): SQL {
  return sql`with page as (select p.id from products p where p.id = ${productId} and p.is_active)
    ${productsOfPage({ total: sql`1`, from: sql`page join products p on p.id = page.id`, order: sql`p.id` }, pricing)}`;
}

/**
 * Related products: active styles of the same product type sharing the frame shape or the brand,
 * best first (same shape 4, same brand 2, same material 1: a shared shape always ranks first), then newest.
 * Each score (7, 6, 5, 4 with the shape; 3, 2 without it) is one tier read newest first from an index
 * of `catalogue_search` (type and shape, or type and brand) and cut at `limit`; the best `limit` of
 * the tiers are the best of all, without scoring every style of the type.
 */
export function relatedProductsSql(productId: number, limit: number, pricing: PricingContext): SQL {
  const sameShape = sql`coalesce(s.frame_shape_id = o.frame_shape_id, false)`;
  const sameBrand = sql`s.brand_id = o.brand_id`;
  const sameMaterial = sql`coalesce(s.material_id = o.material_id, false)`;
  const tiers: [number, SQL][] = [
    [7, sql`${sameShape} and ${sameBrand} and ${sameMaterial}`],
    [6, sql`${sameShape} and ${sameBrand} and not ${sameMaterial}`],
    [5, sql`${sameShape} and not ${sameBrand} and ${sameMaterial}`],
    [4, sql`${sameShape} and not ${sameBrand} and not ${sameMaterial}`],
    [3, sql`not ${sameShape} and ${sameBrand} and ${sameMaterial}`],
    [2, sql`not ${sameShape} and ${sameBrand} and not ${sameMaterial}`],
  ];
  const tierSelects = tiers.map(
    ([score, condition]) => sql`(select s.id, ${sql.raw(String(score))} as k0, s.release_date as k1
      from catalogue_search s, origin o
      where s.product_type_id = o.product_type_id and s.id <> o.id
        and ${score >= 4 ? sql`s.frame_shape_id = o.frame_shape_id` : sql`s.brand_id = o.brand_id`} and ${condition}
      order by s.release_date desc nulls last, s.id desc
      limit ${limit})`,
  );
  return sql`with origin as (select * from catalogue_search where id = ${productId}),
    page as (
      select t.id, t.k0, t.k1 from (${sql.join(tierSelects, sql` union all `)}) t
      order by t.k0 desc, t.k1 desc nulls last, t.id desc
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
