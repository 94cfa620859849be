/**
 * The import worker: every server process runs one. It claims a runnable job (queued, validating
 * or applying) whose lease is free or expired, so a job dropped by a crash or a restart is taken
 * over by whichever process looks next, and works on it while a heartbeat keeps the lease:
 *
 * - dry run (queued → validating → ready, or failed with the file's problem): reads the stored sheet,
 *   checks every row (kinds.ts) and writes the report to import_rows in batches, `checked_rows` as
 *   it goes; a dry run cut short starts again from the top (it writes nothing but its report);
 * - apply (applying → applied): takes the rows not yet applied in row order, BATCH_ROWS at a time
 *   (a style's rows always together), and in ONE transaction per batch checks it still holds the
 *   lease, writes them (planned again against the database as it is now), marks them applied and
 *   counts them. A crash between batches loses nothing and repeats nothing: the next worker goes on
 *   from the first row without `applied_at`.
 *
 * Nothing here runs in a request. Times come from the injected clock.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { istDateOf, type ImportKind } from '@frameport/domain';
import type { FileStore } from '../../adapters/storage.ts';
import type { Clock } from '../../clock.ts';
import { recordAudit } from '../../db/audit.ts';
import { isDatabaseUnavailable, queryRows, type Db } from '../../db/client.ts';
import { importJobs, importRows, type ImportJob, type ImportRow } from '../../db/schema.ts';
import { mapHeaders, readersOf } from './columns.ts';
import { breathe, type KindHandler, type PlannedRow, type ZipImages } from './kinds.ts';
import { readSheet, SheetError } from './parse.ts';
import { openZipImages, readStored } from './files.ts';

/** Rows per apply batch (one transaction each) and per report insert. */
export const BATCH_ROWS = 250;
export const LEASE_MS = 60_000;

class LeaseLost extends Error {
  constructor() {
    super('import job lease lost');
  }
}

export type ImportWorkerDeps = {
  db: Db;
  clock: Clock;
  store: FileStore;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  handlers: Record<ImportKind, KindHandler>;
  batchRows?: number;
};

export type RunOptions = {
  /** Tests: stop after this many apply batches as a crash would (the lease is kept, nothing is released). */
  crashAfterBatches?: number;
};

export function createImportWorker({ db, clock, store, logger, handlers, batchRows = BATCH_ROWS }: ImportWorkerDeps) {
  const owner = `${process.pid}-${randomUUID().slice(0, 8)}`;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;

  const actorOf = (job: ImportJob) => job.appliedByUserId ?? job.createdByUserId ?? 0;
  const leaseUntil = () => new Date(clock.now().getTime() + LEASE_MS);

  /** Claims the oldest runnable job with a free or expired lease (a queued one starts its dry run). */
  async function claim(): Promise<ImportJob | null> {
    const now = clock.now();
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`update import_jobs
             set lease_owner = ${owner}, lease_until = ${leaseUntil()},
                 status = case when status = 'queued' then 'validating' else status end
           where id = (select id from import_jobs
                        where status in ('queued', 'validating', 'applying')
                          and (lease_until is null or lease_until < ${now})
                        order by id limit 1
                        for update skip locked)
       returning id`,
    );
    if (!row) return null;
    const [job] = await db.select().from(importJobs).where(eq(importJobs.id, row.id));
    return job ?? null;
  }

  /** Keeps the lease while the job runs; `lost` turns true when another worker has it. */
  function heartbeat(jobId: number) {
    const state = { lost: false };
    const beat = setInterval(() => {
      void db
        .update(importJobs)
        .set({ leaseUntil: leaseUntil() })
        .where(and(eq(importJobs.id, jobId), eq(importJobs.leaseOwner, owner)))
        .returning({ id: importJobs.id })
        .then((held) => {
          if (held.length === 0) state.lost = true;
        })
        .catch(() => undefined);
    }, LEASE_MS / 4);
    beat.unref();
    return { state, stop: () => clearInterval(beat) };
  }

  async function fail(job: ImportJob, message: string): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.delete(importRows).where(eq(importRows.jobId, job.id));
      await tx
        .update(importJobs)
        .set({ status: 'failed', fileError: message, finishedAt: clock.now(), checkedAt: clock.now(), leaseOwner: null, leaseUntil: null })
        .where(and(eq(importJobs.id, job.id), eq(importJobs.leaseOwner, owner)));
    });
  }

  async function dryRun(job: ImportJob, lease: { lost: boolean }): Promise<void> {
    const handler = handlers[job.kind];
    let zip: ZipImages | null = null;
    let planned: PlannedRow[];
    try {
      const sheet = await readSheet(await readStored(store, job.fileKey));
      const headers = mapHeaders(job.kind, sheet.headers);
      if ('error' in headers) return fail(job, headers.error);
      if (job.zipKey) zip = await openZipImages(await readStored(store, job.zipKey));
      planned = await handler.check(readersOf(job.kind, sheet, headers.index), { db, now: clock.now(), today: istDateOf(clock.now()), zip });
    } catch (error) {
      if (error instanceof SheetError) return fail(job, error.message);
      throw error;
    }
    // The report, batch by batch (a dry run cut short writes it again from the top).
    await db.delete(importRows).where(eq(importRows.jobId, job.id));
    for (let i = 0; i < planned.length; i += batchRows * 2) {
      await breathe();
      if (lease.lost || stopping) throw new LeaseLost();
      const batch = planned.slice(i, i + batchRows * 2);
      await db.transaction(async (tx) => {
        const held = await tx
          .update(importJobs)
          .set({ checkedRows: i + batch.length, totalRows: planned.length })
          .where(and(eq(importJobs.id, job.id), eq(importJobs.leaseOwner, owner)))
          .returning({ id: importJobs.id });
        if (held.length === 0) throw new LeaseLost();
        await tx.insert(importRows).values(batch.map((row) => ({ jobId: job.id, ...row })));
      });
    }
    const counts = { create: 0, update: 0, unchanged: 0, error: 0 };
    for (const row of planned) counts[row.action] += 1;
    await db
      .update(importJobs)
      .set({ status: 'ready', counts, totalRows: planned.length, checkedRows: planned.length, checkedAt: clock.now(), leaseOwner: null, leaseUntil: null })
      .where(and(eq(importJobs.id, job.id), eq(importJobs.leaseOwner, owner)));
    logger.info({ importJobId: job.id, kind: job.kind, rows: planned.length, counts }, 'import: dry run done');
  }

  /**
   * One batch in one transaction: 'more' after writing rows, 'rows-done' when every row is applied
   * but the kind has work after the rows (images), 'done' when the job is finished.
   */
  async function applyBatch(job: ImportJob, rowsDone = false): Promise<'more' | 'rows-done' | 'done'> {
    const handler = handlers[job.kind];
    return db.transaction(async (tx) => {
      const now = clock.now();
      const [held] = await tx
        .update(importJobs)
        .set({ leaseUntil: leaseUntil() })
        .where(and(eq(importJobs.id, job.id), eq(importJobs.leaseOwner, owner), eq(importJobs.status, 'applying')))
        .returning();
      if (!held) throw new LeaseLost();
      let rows: ImportRow[] = await tx
        .select()
        .from(importRows)
        .where(and(eq(importRows.jobId, job.id), isNull(importRows.appliedAt)))
        .orderBy(asc(importRows.rowNo))
        .limit(batchRows)
        .for('update');
      if (rows.length === 0) {
        if (handler.afterRows && !rowsDone) return 'rows-done';
        await tx
          .update(importJobs)
          .set({ status: 'applied', finishedAt: now, leaseOwner: null, leaseUntil: null })
          .where(eq(importJobs.id, job.id));
        await recordAudit(tx, {
          actorUserId: actorOf(held),
          action: 'import_job.applied',
          entity: 'import_job',
          entityId: String(job.id),
          details: { kind: job.kind, fileName: job.fileName, fileSha256: job.fileSha256, counts: held.counts, rows: held.totalRows },
          at: now,
        });
        return 'done';
      }
      if (handler.groupOf) {
        // A style's rows go together: add the other rows of the groups this batch touches.
        const groups = [...new Set(rows.map((row) => handler.groupOf!(row)).filter((g): g is string => g !== null))];
        if (groups.length > 0) {
          const more = await tx
            .select()
            .from(importRows)
            .where(and(eq(importRows.jobId, job.id), isNull(importRows.appliedAt), inArray(sql`${importRows.data}->>'group'`, groups)))
            .for('update');
          const have = new Set(rows.map((row) => row.rowNo));
          rows = [...rows, ...more.filter((row) => !have.has(row.rowNo))].sort((a, b) => a.rowNo - b.rowNo);
        }
      }
      if (rows.some((row) => row.action === 'create' || row.action === 'update')) {
        await handler.apply(rows, { tx, jobId: job.id, actorUserId: actorOf(held), now, today: istDateOf(now) });
      }
      await tx
        .update(importRows)
        .set({ appliedAt: now })
        .where(and(eq(importRows.jobId, job.id), inArray(importRows.rowNo, rows.map((row) => row.rowNo))));
      await tx
        .update(importJobs)
        .set({ appliedRows: sql`${importJobs.appliedRows} + ${rows.length}` })
        .where(eq(importJobs.id, job.id));
      return 'more';
    });
  }

  async function apply(job: ImportJob, lease: { lost: boolean }, options: RunOptions): Promise<'done' | 'crashed'> {
    let batches = 0;
    for (;;) {
      await breathe();
      if (lease.lost) throw new LeaseLost();
      if (stopping) {
        // A graceful stop hands the job on at once: the next process need not wait for the lease.
        await db.update(importJobs).set({ leaseOwner: null, leaseUntil: null }).where(and(eq(importJobs.id, job.id), eq(importJobs.leaseOwner, owner)));
        return 'done';
      }
      let step = await applyBatch(job);
      if (step === 'rows-done') {
        const handler = handlers[job.kind];
        const finished = await handler.afterRows!(job.id, { actorUserId: actorOf(job), stopping: () => stopping || lease.lost });
        if (!finished) continue;
        step = await applyBatch(job, true);
      }
      if (step === 'done') {
        logger.info({ importJobId: job.id, kind: job.kind }, 'import: applied');
        return 'done';
      }
      batches += 1;
      if (options.crashAfterBatches !== undefined && batches >= options.crashAfterBatches) return 'crashed';
    }
  }

  /** Claims and works one job to its next resting state; false when there was nothing to do. */
  async function runOnce(options: RunOptions = {}): Promise<boolean> {
    const job = await claim();
    if (!job) return false;
    const beat = heartbeat(job.id);
    try {
      if (job.status === 'validating') await dryRun(job, beat.state);
      else if (job.status === 'applying') await apply(job, beat.state, options);
    } catch (error) {
      if (error instanceof LeaseLost) {
        logger.warn({ importJobId: job.id }, 'import: another worker took the job over');
      } else if (isDatabaseUnavailable(error)) {
        logger.warn({ importJobId: job.id, err: error }, 'import: the database is unavailable; the job resumes when it answers');
      } else {
        logger.error({ importJobId: job.id, err: error }, 'import: the job stopped on an unexpected error');
        await db
          .update(importJobs)
          .set({
            status: 'failed',
            fileError:
              job.status === 'applying'
                ? 'Applying stopped on an unexpected error. The rows applied so far stay applied; please upload the file again to finish.'
                : 'The file could not be checked because of an unexpected error. Please try again.',
            finishedAt: clock.now(),
            leaseOwner: null,
            leaseUntil: null,
          })
          .where(and(eq(importJobs.id, job.id), eq(importJobs.leaseOwner, owner)))
          .catch(() => undefined);
      }
    } finally {
      beat.stop();
    }
    return true;
  }

  /** Works every runnable job now (tests, and a quick first pass after an upload). */
  async function drain(options: RunOptions = {}): Promise<void> {
    while (!stopping && (await runOnce(options))) {
      /* next job */
    }
  }

  /** One drain at a time in this process: a kick while one runs is a no-op (that run goes on to the next job). */
  function kick(): Promise<void> {
    if (stopping) return Promise.resolve();
    current ??= drain()
      .catch((error) => logger.error({ err: error }, 'import worker: run failed'))
      .finally(() => {
        current = undefined;
      });
    return current;
  }

  function schedule(pollMs: number): void {
    if (stopping) return;
    timer = setTimeout(() => {
      void kick().finally(() => schedule(pollMs));
    }, pollMs);
    timer.unref();
  }

  return {
    owner,
    runOnce,
    drain,
    kick,
    /** Polls for work every `pollMs`. */
    start(pollMs: number): void {
      schedule(pollMs);
    },
    /** No new job is claimed; a job in progress stops after its current batch and hands its lease on. */
    async stop(): Promise<void> {
      stopping = true;
      clearTimeout(timer);
      await current;
    },
  };
}

export type ImportWorker = ReturnType<typeof createImportWorker>;
