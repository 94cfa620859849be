/**
 * getFacets from bitsets held in this process (decision 018): one bitset per filter option over a
 * dense position per style, the styles in stock, the list prices. A search's counts are ANDs of
 * those and popcounts, a few milliseconds at 100,000 styles, where grouping every matching row of
 * `catalogue_search` in SQL took 0.2–0.6 s.
 *
 * Kept exact across replicas and right after any write: every call first runs ONE statement that
 * returns the styles whose `catalogue_search` rows changed since this process last looked
 * (`catalogue_search_changes`, migration 0019, written by triggers in the writer's transaction),
 * their rows as they are now, the snapshot it ran in, and the ids matching the search's free text
 * (when there is some), all in that one snapshot. The changed styles are updated in place; a bulk
 * change, a TRUNCATE or a process that has not looked for 12 hours reloads everything. Calls are
 * applied one after the other, so an older snapshot never overwrites a newer one.
 */
import { sql, type SQL } from 'drizzle-orm';
import { emptyCatalogueQuery, rupeesToPaise, type CatalogueQuery } from '@frameport/domain';
import { IN_FILTER_KEYS, type InFilterKey } from '@frameport/domain/contract';
import { queryRows, type Db } from '../../db/client.ts';
import { analyseText, planQuery, type TextMode } from './search.ts';

/** Per IN group and option id, how many styles the search finds with that option chosen. */
export type FacetCounts = {
  groups: Record<InFilterKey, Map<number, number>>;
  /** The styles the search finds, and those of them in stock. */
  total: number;
  available: number;
};

/** [id, brand, type, shape, material, size, genders, colours, in stock, list price in paise, search_compact]; id alone: gone. */
type StyleRow =
  | [number, number, number, number | null, number | null, number | null, number[], number[], boolean, number, string]
  | [number];

/** A process that has not refreshed for this long reloads (the log keeps a day: PRUNE_AFTER). */
const RELOAD_AFTER_MS = 12 * 3_600_000;
/** How often a process deletes log rows older than a day. */
const PRUNE_EVERY_MS = 3_600_000;
/**
 * The styles matching this many recent texts are kept (a bitset each, 12 KB at 100,000 styles): a
 * retailer who searched 'black' and then picks filters is answered without matching the text again.
 * All are dropped when any style's texts change (text_changed in the log), or on a reload.
 */
const TEXT_MATCHES_KEPT = 64;

const SINGLE_VALUED = ['brandId', 'productTypeId', 'frameShapeId', 'frameMaterialId', 'sizeId'] as const;

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** popcount(a & b) over the first `words` words. */
function countBoth(a: Uint32Array, b: Uint32Array, words: number): number {
  let n = 0;
  for (let i = 0; i < words; i++) {
    const w = a[i]! & b[i]!;
    if (w !== 0) n += popcount(w);
  }
  return n;
}

/** The bitsets of every style of `catalogue_search`; positions are dense and reused. */
class StyleBitsets {
  capacity = 0;
  /** One past the highest position used. */
  size = 0;
  private free: number[] = [];
  /** Position + 1 by style id (0: none). */
  private positionOf = new Int32Array(0);
  private idAt = new Int32Array(0);
  present = new Uint32Array(0);
  inStock = new Uint32Array(0);
  price = new Float64Array(0);
  /** `search_compact` by position: words of 4+ letters and digits are matched here (see textMatch). */
  compact: string[] = [];
  options = Object.fromEntries(IN_FILTER_KEYS.map((key) => [key, new Map<number, Uint32Array>()])) as Record<
    InFilterKey,
    Map<number, Uint32Array>
  >;

  constructor(expected: number) {
    this.grow(Math.max(1024, expected));
  }

  get words(): number {
    return (this.size + 31) >>> 5;
  }

  position(id: number): number | undefined {
    const stored = id < this.positionOf.length ? this.positionOf[id]! : 0;
    return stored === 0 ? undefined : stored - 1;
  }

  private grow(capacity: number): void {
    const words = (capacity + 31) >>> 5;
    const widen = (bits: Uint32Array) => {
      const next = new Uint32Array(words);
      next.set(bits);
      return next;
    };
    this.present = widen(this.present);
    this.inStock = widen(this.inStock);
    for (const key of IN_FILTER_KEYS) {
      for (const [option, bits] of this.options[key]) this.options[key].set(option, widen(bits));
    }
    const price = new Float64Array(words * 32);
    price.set(this.price);
    this.price = price;
    const idAt = new Int32Array(words * 32);
    idAt.set(this.idAt);
    this.idAt = idAt;
    this.capacity = words * 32;
  }

  private bitsOf(key: InFilterKey, option: number): Uint32Array {
    let bits = this.options[key].get(option);
    if (!bits) {
      bits = new Uint32Array(this.capacity >>> 5);
      this.options[key].set(option, bits);
    }
    return bits;
  }

  private clear(position: number): void {
    const word = position >>> 5;
    const mask = ~(1 << (position & 31));
    this.present[word]! &= mask;
    this.inStock[word]! &= mask;
    for (const key of IN_FILTER_KEYS) for (const bits of this.options[key].values()) bits[word]! &= mask;
  }

  /** Writes a style's row, or removes the style when the row says it is gone. */
  apply(row: StyleRow): void {
    const id = row[0];
    let position = this.position(id);
    if (row.length === 1) {
      if (position === undefined) return;
      this.clear(position);
      this.positionOf[id] = 0;
      this.compact[position] = '';
      this.free.push(position);
      return;
    }
    if (position === undefined) {
      position = this.free.pop() ?? this.size++;
      if (position >= this.capacity) this.grow(this.capacity * 2);
      if (id >= this.positionOf.length) {
        const positionOf = new Int32Array(Math.max(id + 1, this.positionOf.length * 2));
        positionOf.set(this.positionOf);
        this.positionOf = positionOf;
      }
      this.positionOf[id] = position + 1;
      this.idAt[position] = id;
    } else {
      this.clear(position);
    }
    const [, brand, type, shape, material, size, genders, colours, inStock, price, compact] = row;
    const word = position >>> 5;
    const bit = 1 << (position & 31);
    const single = [brand, type, shape, material, size];
    SINGLE_VALUED.forEach((key, index) => {
      const option = single[index];
      if (option !== null && option !== undefined) this.bitsOf(key, option)[word]! |= bit;
    });
    for (const gender of genders) this.bitsOf('genderIdList', gender)[word]! |= bit;
    for (const colour of colours) this.bitsOf('frameColorIdList', colour)[word]! |= bit;
    this.present[word]! |= bit;
    if (inStock) this.inStock[word]! |= bit;
    this.price[position] = price;
    this.compact[position] = compact;
  }

  /** Bytes held by the typed arrays (the option maps' own overhead is a few hundred entries). */
  bytes(): number {
    let bytes = this.present.byteLength + this.inStock.byteLength + this.price.byteLength + this.idAt.byteLength;
    bytes += this.positionOf.byteLength;
    for (const key of IN_FILTER_KEYS) for (const bits of this.options[key].values()) bytes += bits.byteLength;
    return bytes;
  }

  /** The positions of the given styles. */
  positionsOf(ids: number[]): Uint32Array {
    const bits = new Uint32Array(this.capacity >>> 5);
    for (const id of ids) {
      const position = this.position(id);
      if (position !== undefined) bits[position >>> 5]! |= 1 << (position & 31);
    }
    return bits;
  }

  /** The positions whose `search_compact` contains every word: `search_compact like '%word%'` for each. */
  positionsContaining(words: string[]): Uint32Array {
    const bits = new Uint32Array(this.capacity >>> 5);
    for (let position = 0; position < this.size; position++) {
      if ((this.present[position >>> 5]! & (1 << (position & 31))) === 0) continue;
      const compact = this.compact[position]!;
      if (words.every((word) => compact.includes(word))) bits[position >>> 5]! |= 1 << (position & 31);
    }
    return bits;
  }

  /** The styles the search finds: what getAll counts. */
  total(query: CatalogueQuery, text: Uint32Array | null): number {
    const { all } = this.select(query, text);
    return countBoth(all, all, this.words);
  }

  /** Per group and option: the styles that match every condition but that group's, with the option. */
  count(query: CatalogueQuery, text: Uint32Array | null): FacetCounts {
    const words = this.words;
    const { stocked, chosen, allBut, all } = this.select(query, text);
    const groups = {} as Record<InFilterKey, Map<number, number>>;
    for (const key of IN_FILTER_KEYS) {
      const mask = chosen.has(key) ? allBut(key) : all;
      const counts = new Map<number, number>();
      for (const [option, bits] of this.options[key]) counts.set(option, countBoth(mask, bits, words));
      groups[key] = counts;
    }
    const total = countBoth(all, all, words);
    return { groups, total, available: query.isAvailable ? total : countBoth(allBut(null, stocked), stocked, words) };
  }

  /**
   * The search's masks: `all` matches every condition; `allBut(group)` every condition but that
   * group's choices (from `stocked` instead of the search's own start: the styles in stock).
   */
  private select(query: CatalogueQuery, text: Uint32Array | null) {
    const words = this.words;
    // Price and text: the conditions every count shares, with the styles that exist.
    const base = this.present.slice(0, words);
    if (query.netPriceFrom !== null || query.netPriceTo !== null) {
      const from = query.netPriceFrom === null ? -Infinity : rupeesToPaise(query.netPriceFrom);
      const to = query.netPriceTo === null ? Infinity : rupeesToPaise(query.netPriceTo);
      for (let position = 0; position < this.size; position++) {
        const price = this.price[position]!;
        if (price < from || price > to) base[position >>> 5]! &= ~(1 << (position & 31));
      }
    }
    if (text !== null) for (let i = 0; i < words; i++) base[i]! &= text[i] ?? 0;
    const stocked = base.slice();
    for (let i = 0; i < words; i++) stocked[i]! &= this.inStock[i]!;
    const shared = query.isAvailable ? stocked : base;

    // The styles having one of each chosen group's options.
    const chosen = new Map<InFilterKey, Uint32Array>();
    for (const key of IN_FILTER_KEYS) {
      const ids = query.filters[key];
      if (!ids || ids.length === 0) continue;
      const any = new Uint32Array(words);
      for (const option of ids) {
        const bits = this.options[key].get(option);
        if (bits) for (let i = 0; i < words; i++) any[i]! |= bits[i]!;
      }
      chosen.set(key, any);
    }
    const allBut = (left: InFilterKey | null, start: Uint32Array = shared) => {
      const mask = start.slice(0, words);
      for (const [key, any] of chosen) {
        if (key === left) continue;
        for (let i = 0; i < words; i++) mask[i]! &= any[i]!;
      }
      return mask;
    };
    return { stocked, chosen, allBut, all: allBut(null) };
  }
}

type SyncRow = {
  snapshot: string;
  now_ms: number | string;
  reload: boolean;
  /** A style's texts changed, came or went: the kept text matches are stale. */
  text_changed: boolean;
  styles: StyleRow[] | string | null;
  text_ids: number[] | null;
};

/**
 * How the search's free text and model number are matched: `words` when every word is matched as
 * getAll's literal search matches a word of 4+ letters and digits (`search_compact like '%word%'`,
 * search.ts literalMatches), done over the compact texts held here; otherwise (short words, the
 * corrected retry, a model number) getAll's own SQL conditions on `catalogue_search s`.
 */
type TextMatch = { key: string; words: string[] | null; sql: { ctes: SQL[]; where: SQL } | null };

function textMatch(query: CatalogueQuery, mode: TextMode): TextMatch | null {
  if (query.searchText.trim() === '' && query.modelName.trim() === '') return null;
  const key = JSON.stringify([mode, query.searchText, query.modelName]);
  const text = analyseText(query.searchText);
  if (mode === 'literal' && query.modelName.trim() === '' && text && text.tokens.every((token) => token.compact.length >= 4)) {
    return { key, words: text.tokens.map((token) => token.compact), sql: null };
  }
  const textOnly = { ...emptyCatalogueQuery(), searchText: query.searchText, modelName: query.modelName };
  const plan = planQuery(textOnly, mode);
  if (plan.rest.length === 0) return null;
  return { key, words: null, sql: { ctes: plan.ctes, where: sql.join(plan.rest, sql` and `) } };
}

const STYLE_COLUMNS = sql`s.brand_id, s.product_type_id, s.frame_shape_id, s.material_id, s.size_id, s.gender_ids,
  s.colour_ids, s.in_stock, s.net_price_paise::float8, s.search_compact`;

export function createFacetIndex(db: Db) {
  let bitsets: StyleBitsets | null = null;
  let snapshot: string | null = null;
  let syncedAt = 0;
  let prunedAt = 0;
  /** Calls one after the other: each applies the changes its own snapshot saw. */
  let queue: Promise<unknown> = Promise.resolve();
  /** Positions of the styles matching a text, by `textKey`, least recently used first. */
  const textMatches = new Map<string, Uint32Array>();

  function syncSql(reload: boolean, text: { ctes: SQL[]; where: SQL } | null, textKnown = false): SQL {
    const ctes = text ? sql`${sql.join(text.ctes, sql`, `)}${text.ctes.length > 0 ? sql`, ` : sql``}` : sql``;
    return sql`with ${ctes}facet_changed as (
        select distinct l.product_id from catalogue_search_changes l
        where l.xid >= pg_snapshot_xmin(${snapshot}::pg_snapshot)
          and not pg_visible_in_snapshot(l.xid, ${snapshot}::pg_snapshot)
      ),
      facet_reload as (select ${reload}::boolean or exists (select 1 from facet_changed where product_id is null) as yes),
      facet_text_changed as (select exists (select 1 from catalogue_search_changes l
        where l.xid >= pg_snapshot_xmin(${snapshot}::pg_snapshot)
          and not pg_visible_in_snapshot(l.xid, ${snapshot}::pg_snapshot) and l.text_changed) as yes)
      select pg_current_snapshot()::text as snapshot, (extract(epoch from now()) * 1000)::float8 as now_ms,
        (select yes from facet_reload) as reload, (select yes from facet_text_changed) as text_changed,
        case when (select yes from facet_reload)
          then (select json_agg(json_build_array(s.id, ${STYLE_COLUMNS})) from catalogue_search s)
          else (select json_agg(case when s.id is null then json_build_array(c.product_id)
              else json_build_array(s.id, ${STYLE_COLUMNS}) end)
            from facet_changed c left join catalogue_search s on s.id = c.product_id
            where c.product_id is not null)
        end as styles,
        ${
          text
            ? sql`case when not ${textKnown}::boolean or (select yes from facet_reload) or (select yes from facet_text_changed)
                then (select coalesce(array_agg(s.id), '{}') from catalogue_search s where ${text.where}) end`
            : sql`null::int[]`
        } as text_ids`;
  }

  /** Brings the bitsets up to date; the ids matching the text's SQL, when the statement read them. */
  async function sync(text: TextMatch | null): Promise<number[] | null> {
    const reload = bitsets === null || snapshot === null || Date.now() - syncedAt > RELOAD_AFTER_MS;
    const known = text ? textMatches.has(text.key) : false;
    const [row] = await queryRows<SyncRow>(db, syncSql(reload, text?.sql ?? null, known));
    if (!row) throw new Error('facets: the refresh statement returned no row');
    const styles: StyleRow[] = (typeof row.styles === 'string' ? JSON.parse(row.styles) : row.styles) ?? [];
    if (row.reload) {
      const fresh = new StyleBitsets(styles.length);
      for (const style of styles) fresh.apply(style);
      bitsets = fresh;
    } else {
      for (const style of styles) bitsets!.apply(style);
    }
    if (row.reload || row.text_changed) textMatches.clear();
    snapshot = row.snapshot;
    syncedAt = Date.now();
    const nowMs = Number(row.now_ms);
    if (nowMs - prunedAt > PRUNE_EVERY_MS) {
      prunedAt = nowMs;
      await queryRows(db, sql`delete from catalogue_search_changes where at < now() - interval '1 day'`);
    }
    return text?.sql ? row.text_ids : null;
  }

  /** The positions matching the text: the ids the refresh read, else the kept matches, else its words over the compact texts. */
  function matchesOf(text: TextMatch, ids: number[] | null): Uint32Array {
    const matches = ids
      ? bitsets!.positionsOf(ids)
      : (textMatches.get(text.key) ?? (text.words ? bitsets!.positionsContaining(text.words) : null));
    if (!matches) throw new Error('facets: the refresh statement did not match the text');
    textMatches.delete(text.key);
    textMatches.set(text.key, matches);
    if (textMatches.size > TEXT_MATCHES_KEPT) textMatches.delete(textMatches.keys().next().value!);
    return matches;
  }

  /** A refresh after the ones before it. */
  function enqueue<T>(refresh: () => Promise<T>): Promise<T> {
    const run = queue.then(refresh);
    queue = run.catch(() => undefined);
    return run;
  }

  /**
   * The refresh a call waits for. One whose text is matched in SQL runs its own statement. Every
   * other call shares the next refresh that has not started yet: it sees every write committed
   * before the call came, and calls arriving together (getAll and getFacets of one screen, a busy
   * process) wait for one statement instead of one each.
   */
  let nextShared: Promise<unknown> | null = null;
  async function matchesAfterRefresh(text: TextMatch | null): Promise<Uint32Array | null> {
    if (text?.sql) return enqueue(async () => matchesOf(text, await sync(text)));
    nextShared ??= enqueue(() => {
      nextShared = null;
      return sync(null);
    });
    await nextShared;
    return text ? matchesOf(text, null) : null;
  }

  /**
   * Counts for a search: free text and model number matched as getAll matches them (`mode`), every
   * other condition from the bitsets.
   */
  async function count(query: CatalogueQuery, mode: TextMode = 'literal'): Promise<FacetCounts> {
    return synced(query, mode, (matches) => bitsets!.count(query, matches));
  }

  /** How many styles the search finds, as `count`'s total, without the groups' counts: getAll's count. */
  async function total(query: CatalogueQuery, mode: TextMode = 'literal'): Promise<number> {
    return synced(query, mode, (matches) => bitsets!.total(query, matches));
  }

  /** `counting` over bitsets brought up to date, with the styles matching the search's text. */
  async function synced<T>(query: CatalogueQuery, mode: TextMode, counting: (matches: Uint32Array | null) => T): Promise<T> {
    return counting(await matchesAfterRefresh(textMatch(query, mode)));
  }

  /**
   * Whether `total` costs little for this search whatever the process has seen: no text, a text
   * matched over the held compact texts, or one matched in SQL whose matches it holds. A text matched
   * in SQL and not held makes the refresh read every match's id: 18–50 ms for a short common word
   * at 100,000 styles.
   */
  function countsCheaply(query: CatalogueQuery, mode: TextMode = 'literal'): boolean {
    const text = textMatch(query, mode);
    return text === null || text.sql === null || textMatches.has(text.key);
  }

  return {
    count,
    total,
    countsCheaply,
    /** The statement the next `count` runs when nothing changed and the text is new (for EXPLAIN in the benchmark). */
    refreshStatement: (query: CatalogueQuery, mode: TextMode = 'literal') => syncSql(false, textMatch(query, mode)?.sql ?? null),
    /** Drops the kept text matches, so the next call matches its text again (for the benchmark). */
    forgetTexts: () => textMatches.clear(),
    /** Styles held and bytes of the typed arrays (for the benchmark). */
    stats: () => ({ styles: bitsets ? bitsets.size : 0, bytes: bitsets ? bitsets.bytes() : 0 }),
  };
}

export type FacetIndex = ReturnType<typeof createFacetIndex>;
