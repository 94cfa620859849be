/**
 * Imports on the request side: storing an upload and queueing its job (never parsing it here:
 * the worker does, worker.ts), the job list and one job's report, and the two decisions staff
 * take on a checked job: apply it (from ready only, idempotent by Idempotency-Key) or cancel it.
 */
import type { FastifyRequest } from 'fastify';
import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import { IMPORT_MAX_FILE_BYTES, IMPORT_MAX_ZIP_BYTES, type ImportKind, type ImportRowAction } from '@frameport/domain';
import type { ImportJob as ImportJobView, ImportJobDetail } from '@frameport/domain/contract';
import type { FileStore } from '../../adapters/storage.ts';
import type { Clock } from '../../clock.ts';
import { recordAudit } from '../../db/audit.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { importJobs, importRows, roles, users, type ImportJob } from '../../db/schema.ts';
import { requireIdentity } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { idempotent } from '../../http/idempotency.ts';
import type { Identity } from '../../http/identity.ts';
import { importKey, isReadableZip, sha256 } from './files.ts';
import { importMessages } from './messages.ts';
import { isZip, sniffSheet } from './parse.ts';

export type ImportUpload = { kind: ImportKind; fileName: string; file: Buffer; zip?: Buffer | undefined };

type Who = { userId: number | null; name: string; role: string | null };
const NOT_RECORDED: Who = { userId: null, name: 'Not recorded', role: null };
const iso = (at: Date | string) => (at instanceof Date ? at : new Date(at)).toISOString();

async function peopleOf(dbx: DbOrTx, ids: Iterable<number | null>): Promise<Map<number, Who>> {
  const wanted = [...new Set([...ids].filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return new Map();
  const rows = await dbx
    .select({ userId: users.id, name: users.name, role: roles.code })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.userId, row]));
}

/** A stored file name: the base name only, printable, at most 200 characters. */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const printable = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return printable.slice(0, 200) || 'upload';
}

export function createImportService({ db, clock, store }: { db: Db; clock: Clock; store: FileStore }) {
  /** Rows per second and seconds left while a phase runs; null otherwise (or before there is a rate). */
  function progressOf(job: ImportJob): { rate: number | null; secondsLeft: number | null } {
    const now = clock.now().getTime();
    let done: number;
    let since: Date | null;
    if (job.status === 'validating') {
      done = job.checkedRows;
      since = job.createdAt;
    } else if (job.status === 'applying') {
      done = job.appliedRows;
      since = job.applyStartedAt;
    } else {
      return { rate: null, secondsLeft: null };
    }
    const seconds = since ? (now - since.getTime()) / 1000 : 0;
    if (seconds <= 0 || done <= 0) return { rate: null, secondsLeft: null };
    const rate = done / seconds;
    const total = job.totalRows;
    return { rate: Math.round(rate * 10) / 10, secondsLeft: total > 0 ? Math.max(0, Math.round((total - done) / rate)) : null };
  }

  async function viewsOf(dbx: DbOrTx, jobs: ImportJob[]): Promise<ImportJobView[]> {
    if (jobs.length === 0) return [];
    const people = await peopleOf(dbx, jobs.flatMap((job) => [job.createdByUserId, job.appliedByUserId]));
    const who = (id: number | null) => (id === null ? NOT_RECORDED : (people.get(id) ?? { ...NOT_RECORDED, userId: id }));
    const earlier = await dbx
      .select({ id: importJobs.id, status: importJobs.status, createdAt: importJobs.createdAt, sha: importJobs.fileSha256, kind: importJobs.kind })
      .from(importJobs)
      .where(and(inArray(importJobs.fileSha256, [...new Set(jobs.map((job) => job.fileSha256))]), ne(importJobs.status, 'cancelled')))
      .orderBy(desc(importJobs.id));
    return jobs.map((job) => {
      const same = earlier.find((e) => e.sha === job.fileSha256 && e.kind === job.kind && e.id < job.id);
      const c = job.counts;
      return {
        id: job.id,
        kind: job.kind,
        status: job.status,
        fileName: job.fileName,
        fileBytes: job.fileBytes,
        hasImages: job.zipKey !== null,
        totalRows: job.totalRows,
        checkedRows: job.checkedRows,
        appliedRows: job.appliedRows,
        counts: { create: c.create ?? 0, update: c.update ?? 0, unchanged: c.unchanged ?? 0, error: c.error ?? 0 },
        fileError: job.fileError,
        ...progressOf(job),
        sameFileAs: same ? { id: same.id, status: same.status, at: iso(same.createdAt) } : null,
        created: { by: who(job.createdByUserId), at: iso(job.createdAt) },
        checkedAt: job.checkedAt ? iso(job.checkedAt) : null,
        applied: job.applyStartedAt ? { by: who(job.appliedByUserId), at: iso(job.applyStartedAt) } : null,
        finishedAt: job.finishedAt ? iso(job.finishedAt) : null,
      };
    });
  }

  async function jobOrThrow(dbx: DbOrTx, id: number, lock = false): Promise<ImportJob> {
    const query = dbx.select().from(importJobs).where(eq(importJobs.id, id));
    const [job] = lock ? await query.for('update') : await query;
    if (!job) throw new AppError('not_found', importMessages.notFound);
    return job;
  }

  /** Warehouse staff see and work stock imports only. */
  function mayWork(identity: Identity, kind: ImportKind): void {
    if (identity.role === 'warehouse' && kind !== 'stock') throw new AppError('forbidden', importMessages.stockKindOnly);
  }

  /**
   * Checks what the bytes are (a CSV or XLSX sheet, a ZIP of images), stores them and queues the job.
   * Nothing is parsed beyond the first bytes (and the ZIP's directory): the worker checks the rows.
   */
  async function upload(identity: Identity, input: ImportUpload): Promise<ImportJobView> {
    mayWork(identity, input.kind);
    if (input.file.length > IMPORT_MAX_FILE_BYTES) throw new AppError('too_large', importMessages.tooLarge(IMPORT_MAX_FILE_BYTES / 1024 / 1024));
    const format = sniffSheet(input.file);
    if (format === null) throw new AppError('invalid', importMessages.notASheet);
    if (input.zip) {
      if (input.kind !== 'catalogue') throw new AppError('invalid', importMessages.imagesOnlyForCatalogue);
      if (input.zip.length > IMPORT_MAX_ZIP_BYTES) throw new AppError('too_large', importMessages.zipTooLarge(IMPORT_MAX_ZIP_BYTES / 1024 / 1024));
      if (!isZip(input.zip) || !(await isReadableZip(input.zip))) throw new AppError('invalid', importMessages.notAZip);
    }
    const sha = sha256(input.file);
    const fileKey = importKey(sha, format);
    await store.put(fileKey, input.file, format === 'csv' ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    let zipKey: string | null = null;
    if (input.zip) {
      zipKey = importKey(sha256(input.zip), 'zip');
      await store.put(zipKey, input.zip, 'application/zip');
    }
    const job = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(importJobs)
        .values({
          kind: input.kind,
          status: 'queued',
          fileName: cleanFileName(input.fileName),
          fileKey,
          fileSha256: sha,
          fileBytes: input.file.length,
          zipKey,
          createdByUserId: identity.userId,
          createdAt: clock.now(),
        })
        .returning();
      if (!row) throw new Error('import job not inserted');
      await recordAudit(tx, {
        actorUserId: identity.userId,
        action: 'import_job.uploaded',
        entity: 'import_job',
        entityId: String(row.id),
        details: { kind: row.kind, fileName: row.fileName, fileBytes: row.fileBytes, fileSha256: sha, hasImages: zipKey !== null },
        at: clock.now(),
      });
      return row;
    });
    const [view] = await viewsOf(db, [job]);
    return view!;
  }

  async function list(identity: Identity, query: { kind?: ImportKind | undefined; pageNumber: number; pageSize: number }) {
    const kind = identity.role === 'warehouse' ? 'stock' : query.kind;
    const where = kind ? eq(importJobs.kind, kind) : undefined;
    const [total] = await db.select({ n: count() }).from(importJobs).where(where);
    const jobs = await db
      .select()
      .from(importJobs)
      .where(where)
      .orderBy(desc(importJobs.createdAt), desc(importJobs.id))
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize);
    return { jobs: await viewsOf(db, jobs), totalCount: total?.n ?? 0 };
  }

  async function detail(
    identity: Identity,
    id: number,
    query: { action: ImportRowAction | 'all'; pageNumber: number; pageSize: number },
  ): Promise<ImportJobDetail> {
    const job = await jobOrThrow(db, id);
    mayWork(identity, job.kind);
    const where = query.action === 'all' ? eq(importRows.jobId, id) : and(eq(importRows.jobId, id), eq(importRows.action, query.action));
    const [total] = await db.select({ n: count() }).from(importRows).where(where);
    const rows = await db
      .select()
      .from(importRows)
      .where(where)
      .orderBy(asc(importRows.rowNo))
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize);
    const [view] = await viewsOf(db, [job]);
    return {
      ...view!,
      rows: rows.map((row) => ({
        rowNo: row.rowNo,
        action: row.action,
        label: row.label,
        changes: row.changes,
        errors: row.errors,
        applied: row.appliedAt !== null,
      })),
      rowCount: total?.n ?? 0,
    };
  }

  /** ready → applying (the worker applies it); 409 from any other state. */
  async function apply(request: FastifyRequest, id: number): Promise<ImportJobView> {
    const identity = requireIdentity(request);
    return idempotent(db, request, async (tx) => {
      const job = await jobOrThrow(tx, id, true);
      mayWork(identity, job.kind);
      if (job.status !== 'ready') throw new AppError('conflict', importMessages.notReady);
      const now = clock.now();
      const [updated] = await tx
        .update(importJobs)
        .set({ status: 'applying', appliedByUserId: identity.userId, applyStartedAt: now, appliedRows: 0, leaseOwner: null, leaseUntil: null })
        .where(eq(importJobs.id, id))
        .returning();
      await recordAudit(tx, {
        actorUserId: identity.userId,
        action: 'import_job.apply',
        entity: 'import_job',
        entityId: String(id),
        details: { kind: job.kind, fileName: job.fileName, counts: job.counts },
        at: now,
      });
      const [view] = await viewsOf(tx, [updated!]);
      return view!;
    });
  }

  /** ready → cancelled (nothing was written); 409 from any other state. */
  async function cancel(request: FastifyRequest, id: number): Promise<ImportJobView> {
    const identity = requireIdentity(request);
    return idempotent(db, request, async (tx) => {
      const job = await jobOrThrow(tx, id, true);
      mayWork(identity, job.kind);
      if (job.status !== 'ready') throw new AppError('conflict', importMessages.notCancellable);
      const now = clock.now();
      const [updated] = await tx.update(importJobs).set({ status: 'cancelled', finishedAt: now }).where(eq(importJobs.id, id)).returning();
      await recordAudit(tx, {
        actorUserId: identity.userId,
        action: 'import_job.cancel',
        entity: 'import_job',
        entityId: String(id),
        details: { kind: job.kind, fileName: job.fileName },
        at: now,
      });
      const [view] = await viewsOf(tx, [updated!]);
      return view!;
    });
  }

  return { upload, list, detail, apply, cancel };
}

export type ImportService = ReturnType<typeof createImportService>;
