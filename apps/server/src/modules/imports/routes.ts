/**
 * Imports and exports of the catalogue desk (/api/admin/...): admin for every kind, warehouse
 * staff for stock imports only (and the exports and templates, which only read).
 *
 *   POST /api/admin/imports                  multipart: file (.csv/.xlsx), kind, images (.zip, catalogue only) → 201 the queued job
 *   GET  /api/admin/imports                  the jobs, newest first
 *   GET  /api/admin/imports/template         ?kind&variant=template|example&format=csv|xlsx
 *   GET  /api/admin/imports/:id              the job with its progress and per-row report (filter by action, pages)
 *   POST /api/admin/imports/:id/apply        ready → applying (the worker applies it in batches)
 *   POST /api/admin/imports/:id/cancel       ready → cancelled
 *   GET  /api/admin/exports/catalogue        ?format=csv|xlsx and the products list's filters
 *
 * The multipart body is read here (fastify-type-provider-zod does not see it): the sheet's bytes
 * are counted as they come and a sheet over the limit is refused with 413 before anything is
 * stored; the text field is parsed with the contract's zod schema.
 */
import multipart, { type Multipart } from '@fastify/multipart';
import { errorCodes, type FastifyReply, type FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminIdempotencyHeadersSchema,
  CatalogueExportQuerySchema,
  envelopeOf,
  ImportIdParamsSchema,
  ImportJobDetailSchema,
  ImportJobQuerySchema,
  ImportJobSchema,
  ImportJobsQuerySchema,
  ImportJobsResponseSchema,
  ImportTemplateQuerySchema,
  ImportUploadFieldsSchema,
  ok,
} from '@frameport/domain/contract';
import { IMPORT_MAX_FILE_BYTES, IMPORT_MAX_ZIP_BYTES } from '@frameport/domain';
import { messages } from '@frameport/domain/messages';
import { uploadMessages } from '@frameport/domain/messages/uploads';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { requireIdentity, requireRole } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { exportCatalogue, template, type SheetFile } from './export.ts';
import { importMessages } from './messages.ts';
import type { ImportService } from './service.ts';

const MB = 1024 * 1024;
/** The sheet, the images ZIP and a few short fields. (The global limit is 100 KB.) */
export const IMPORT_BODY_LIMIT_BYTES = IMPORT_MAX_FILE_BYTES + IMPORT_MAX_ZIP_BYTES + MB;
const MULTIPART_LIMITS = { fileSize: IMPORT_MAX_ZIP_BYTES, files: 2, fields: 5, parts: 8, fieldSize: 100, fieldNameSize: 50, headerPairs: 30 };

type Form = { kind: Record<string, string>; file?: { name: string; bytes: Buffer }; zip?: Buffer };

async function readImportForm(request: FastifyRequest): Promise<Form> {
  const form: Form = { kind: {} };
  let problem: AppError | undefined;
  const seen = new Set<string>();
  try {
    for await (const part of request.parts() as AsyncIterable<Multipart>) {
      const name = part.fieldname;
      if (seen.has(name)) problem ??= new AppError('invalid', `"${name}" was sent more than once`);
      seen.add(name);
      if (part.type === 'file') {
        if (name === 'file') {
          // Counted as it arrives: past the limit the rest is read and dropped, nothing is kept.
          const chunks: Buffer[] = [];
          let size = 0;
          for await (const chunk of part.file) {
            size += (chunk as Buffer).length;
            if (size <= IMPORT_MAX_FILE_BYTES) chunks.push(chunk as Buffer);
          }
          if (size > IMPORT_MAX_FILE_BYTES) problem ??= new AppError('too_large', importMessages.tooLarge(IMPORT_MAX_FILE_BYTES / MB));
          else if (size > 0) form.file = { name: part.filename || 'upload', bytes: Buffer.concat(chunks) };
        } else if (name === 'images') {
          const bytes = await part.toBuffer();
          if (bytes.length > 0) form.zip = bytes;
        } else {
          part.file.resume();
          problem ??= new AppError('invalid', `Unknown file field: ${name}`);
        }
        continue;
      }
      if (name === 'file' || name === 'images') problem ??= new AppError('invalid', `"${name}" must be a file`);
      else if (part.valueTruncated || part.fieldnameTruncated) problem ??= new AppError('invalid', `"${name}" is too long`);
      else if (typeof part.value !== 'string') problem ??= new AppError('invalid', `"${name}" must be text`);
      else form.kind[name] = part.value;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('too_large', importMessages.zipTooLarge(IMPORT_MAX_ZIP_BYTES / MB));
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new AppError('too_large', uploadMessages.tooManyParts);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE();
    throw new AppError('invalid', uploadMessages.unreadable);
  }
  if (problem) throw problem;
  return form;
}

/** Before the body is read: multipart only (415), and no declared length over the route's limit (413). */
async function multipartOnly(request: FastifyRequest) {
  const type = request.headers['content-type'] ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) throw new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE();
  const length = Number(request.headers['content-length'] ?? 0);
  if (length > request.routeOptions.bodyLimit) throw new AppError('too_large', importMessages.tooLarge(IMPORT_MAX_FILE_BYTES / MB));
}

function sendFile(reply: FastifyReply, file: SheetFile) {
  return reply
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(file.body);
}

const IDEMPOTENCY = 'With an Idempotency-Key header a repeat answers what the first call answered and changes nothing.';

export const importRoutes: FastifyPluginAsyncZod<{ imports: ImportService; db: Db; clock: Clock; kick: () => void }> = async (
  app,
  { imports, db, clock, kick },
) => {
  const staff = requireRole('admin', 'warehouse');

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
    scope.post(
      '/api/admin/imports',
      {
        bodyLimit: IMPORT_BODY_LIMIT_BYTES,
        onRequest: [staff, multipartOnly],
        schema: {
          tags: ['Admin'],
          summary: 'Upload a spreadsheet to import (a background job: dry run first, then apply)',
          description:
            `multipart/form-data: \`file\` (CSV in UTF-8 or .xlsx, at most ${IMPORT_MAX_FILE_BYTES / MB} MB; what it is is read from its content), ` +
            "`kind` ('catalogue' | 'stock' | 'prices'), optional `images` (a ZIP of the images the catalogue sheet's Images column names, " +
            `at most ${IMPORT_MAX_ZIP_BYTES / MB} MB). Answers 201 with the queued job; the worker checks every row (the dry run) and the job turns ` +
            "'ready' with its report (GET /api/admin/imports/:id), or 'failed' with fileError. Warehouse staff may import stock only (403).",
          consumes: ['multipart/form-data'],
          response: { 201: envelopeOf(ImportJobSchema) },
        },
      },
      async (request, reply) => {
        const identity = requireIdentity(request);
        const form = await readImportForm(request);
        const parsed = ImportUploadFieldsSchema.safeParse(form.kind);
        if (!parsed.success) throw new AppError('invalid', parsed.error.issues[0]?.message ?? messages.http.invalidInput);
        if (!form.file) throw new AppError('invalid', importMessages.missingFile);
        const job = await imports.upload(identity, { kind: parsed.data.kind, fileName: form.file.name, file: form.file.bytes, zip: form.zip });
        kick();
        return reply.code(201).send(ok(job));
      },
    );
  });

  app.get(
    '/api/admin/imports',
    {
      onRequest: staff,
      schema: {
        tags: ['Admin'],
        summary: 'Import jobs, newest first (warehouse staff: stock imports)',
        querystring: ImportJobsQuerySchema,
        response: { 200: envelopeOf(ImportJobsResponseSchema) },
      },
    },
    async (request) => ok(await imports.list(requireIdentity(request), request.query)),
  );

  app.get(
    '/api/admin/imports/template',
    {
      onRequest: staff,
      schema: {
        tags: ['Admin'],
        summary: 'An import template (the headers) or a filled example that imports cleanly, as CSV or XLSX',
        querystring: ImportTemplateQuerySchema,
      },
    },
    async (request, reply) => sendFile(reply, await template(db, clock, request.query.kind, request.query.variant, request.query.format)),
  );

  app.get(
    '/api/admin/imports/:id',
    {
      onRequest: staff,
      schema: {
        tags: ['Admin'],
        summary: 'One import job: status, progress (rows done / total, rate, seconds left), totals and the per-row report',
        description: 'rows: the report page (action filters create / update / unchanged / error); rowCount: rows under that filter.',
        params: ImportIdParamsSchema,
        querystring: ImportJobQuerySchema,
        response: { 200: envelopeOf(ImportJobDetailSchema) },
      },
    },
    async (request) => ok(await imports.detail(requireIdentity(request), request.params.id, request.query)),
  );

  app.post(
    '/api/admin/imports/:id/apply',
    {
      onRequest: staff,
      schema: {
        tags: ['Admin'],
        summary: 'Apply a checked import (ready → applying; the worker writes it in batches, resuming after a restart)',
        description: `Rows with errors and unchanged rows are skipped. 409 unless the job is ready. ${IDEMPOTENCY}`,
        params: ImportIdParamsSchema,
        headers: AdminIdempotencyHeadersSchema,
        response: { 200: envelopeOf(ImportJobSchema) },
      },
    },
    async (request) => {
      const job = await imports.apply(request, request.params.id);
      kick();
      return ok(job);
    },
  );

  app.post(
    '/api/admin/imports/:id/cancel',
    {
      onRequest: staff,
      schema: {
        tags: ['Admin'],
        summary: 'Drop a checked import without applying it (ready → cancelled)',
        description: `409 unless the job is ready. ${IDEMPOTENCY}`,
        params: ImportIdParamsSchema,
        headers: AdminIdempotencyHeadersSchema,
        response: { 200: envelopeOf(ImportJobSchema) },
      },
    },
    async (request) => ok(await imports.cancel(request, request.params.id)),
  );

  app.get(
    '/api/admin/exports/catalogue',
    {
      onRequest: staff,
      schema: {
        tags: ['Admin'],
        summary: 'The catalogue (or the filtered list) as CSV or XLSX in the import column set, one row per colour',
        description: 'Cells starting with = + - @ are written with a leading apostrophe (text, never a formula); the import reads it away.',
        querystring: CatalogueExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      return sendFile(reply, await exportCatalogue(db, clock, filter, format));
    },
  );
};
