/**
 * What each kind of import does with its rows: `check` (the dry run: every row's action, label,
 * normalised data, changes and errors, from the sheet and the database as they are now) and
 * `apply` (one batch, inside the batch's transaction: each row planned again against the database
 * as it is then, so a change made since the dry run is neither lost nor written twice).
 */
import type { ImportKind, ImportRowAction } from '@frameport/domain';
import type { Tx, Db } from '../../db/client.ts';
import type { ImportRow } from '../../db/schema.ts';
import type { RowError, RowReader } from './columns.ts';

export type Change = { field: string; from: unknown; to: unknown };
export type PlannedRow = {
  rowNo: number;
  action: ImportRowAction;
  label: string;
  data: Record<string, unknown>;
  changes: Change[];
  errors: RowError[];
};

export type CheckContext = {
  db: Db;
  /** Now (the injected clock) and today in India ('YYYY-MM-DD'). */
  now: Date;
  today: string;
  /** Names of the files in the images ZIP (catalogue), with a loader for their bytes. */
  zip: ZipImages | null;
};

export type ZipImages = { names: ReadonlySet<string>; read(name: string): Promise<Buffer> };

export type ApplyContext = {
  tx: Tx;
  jobId: number;
  /** Who asked for the import to be applied (the audit rows name them). */
  actorUserId: number;
  now: Date;
  today: string;
};

export type KindHandler = {
  kind: ImportKind;
  check(readers: RowReader[], context: CheckContext): Promise<PlannedRow[]>;
  /**
   * Writes what is still to write for `rows`, every row of the batch (the handler skips error and
   * unchanged rows), inside the batch's transaction.
   */
  apply(rows: ImportRow[], context: ApplyContext): Promise<void>;
  /**
   * Work that cannot run inside a batch's transaction (storing images through the uploads module),
   * after every row is applied; resumable, true when nothing is left.
   */
  afterRows?(jobId: number, context: { actorUserId: number; stopping: () => boolean }): Promise<boolean>;
  /** Rows that must be applied together (a style's colours): the key, or null for a row of its own. */
  groupOf?(row: ImportRow): string | null;
};

/** A row's report once its reader has collected every error: errors win over any action. */
export function planned(reader: RowReader, label: string, action: ImportRowAction, data: Record<string, unknown>, changes: Change[] = []): PlannedRow {
  if (reader.errors.length > 0) return { rowNo: reader.row.rowNo, action: 'error', label, data, changes: [], errors: reader.errors };
  return { rowNo: reader.row.rowNo, action, label, data, changes, errors: [] };
}

export const modelKey = (model: string) => model.trim().toLowerCase();

/**
 * Lets the event loop run what waits (requests, timers) before the next batch. PGlite answers in
 * this process without I/O, so a job's statements, awaited back to back, would otherwise hold the
 * loop for the whole dry run or apply: no request answered for minutes, then connections dropped.
 */
export const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));
