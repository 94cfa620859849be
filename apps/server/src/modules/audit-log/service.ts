/**
 * The audit log for admin (back office III): `audit_log` filtered by who, what, retailer and days,
 * newest first, a page at a time by keyset on (created_at, id) — the order of
 * audit_log_created_at_idx, so a page is an index range scan however long the log; the "what" and
 * "who" lists are read with a loose index scan (a recursive step from one distinct value to the
 * next) over audit_log_action_created_at_idx and audit_log_actor_user_id_created_at_idx.
 */
import Papa from 'papaparse';
import { sql, type SQL } from 'drizzle-orm';
import { neutraliseCell } from '@frameport/domain';
import { AUDIT_CSV_MAX_ROWS, type AuditLogEntry, type AuditExportQuery, type AuditPage, type AuditQuery } from '@frameport/domain/contract';
import { queryRows, type Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';

type Row = {
  id: number | string;
  at: string;
  at_text: string;
  actor_id: number | null;
  actor_name: string | null;
  actor_email: string | null;
  actor_role: string | null;
  behalf_id: number | null;
  behalf_name: string | null;
  action: string;
  entity: string | null;
  entity_id: string | null;
  entity_name: string | null;
  details: Record<string, unknown> | string | null;
  ip: string | null;
};

type Filters = Omit<AuditExportQuery, never>;

/** The start of an India day (UTC+05:30, no daylight saving) as a UTC instant. */
function istStartOf(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00+05:30`));
}
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export const INVALID_CURSOR = 'This page link is no longer valid: start again from the first page.';

/** The cursor: the last row's created_at as PostgreSQL printed it (microseconds kept) and its id. */
function encodeCursor(row: Row): string {
  return Buffer.from(`${row.at_text}|${row.id}`, 'utf8').toString('base64url');
}
function decodeCursor(cursor: string): { at: string; id: number } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || !id || !/^\d{4}-\d{2}-\d{2} [\d:.]+[+-]\d{2}(:\d{2})?$/.test(at) || !/^\d{1,18}$/.test(id)) {
    throw new AppError('invalid', INVALID_CURSOR);
  }
  return { at, id: Number(id) };
}

function whereOf(filters: Filters, cursor?: { at: string; id: number }): SQL {
  const parts: SQL[] = [sql`true`];
  if (filters.actorUserId !== undefined) parts.push(sql`a.actor_user_id = ${filters.actorUserId}`);
  if (filters.action !== undefined) parts.push(sql`a.action = ${filters.action}`);
  if (filters.retailerId !== undefined) {
    parts.push(sql`((a.entity = 'retailer' and a.entity_id = ${String(filters.retailerId)}) or a.on_behalf_of_retailer_id = ${filters.retailerId})`);
  }
  if (filters.from !== undefined) parts.push(sql`a.created_at >= ${istStartOf(filters.from).toISOString()}::timestamptz`);
  if (filters.to !== undefined) parts.push(sql`a.created_at < ${istStartOf(nextDay(filters.to)).toISOString()}::timestamptz`);
  if (cursor) parts.push(sql`(a.created_at, a.id) < (${cursor.at}::timestamptz, ${cursor.id})`);
  return sql.join(parts, sql` and `);
}

async function select(db: Db, where: SQL, limit: number): Promise<Row[]> {
  return queryRows<Row>(
    db,
    sql`select a.id, to_json(a.created_at) #>> '{}' as at, a.created_at::text as at_text,
        u.id as actor_id, u.name as actor_name, u.email as actor_email, ro.code as actor_role,
        b.id as behalf_id, b.business_name as behalf_name,
        a.action, a.entity, a.entity_id,
        case when a.entity = 'retailer' then
          (select r.business_name from retailers r where r.id = case when a.entity_id ~ '^[0-9]{1,9}$' then a.entity_id::int end)
        end as entity_name,
        a.details, a.ip
      from audit_log a
      left join users u on u.id = a.actor_user_id
      left join roles ro on ro.id = u.role_id
      left join retailers b on b.id = a.on_behalf_of_retailer_id
      where ${where}
      order by a.created_at desc, a.id desc
      limit ${limit}`,
  );
}

function toEntry(row: Row): AuditLogEntry {
  const details = typeof row.details === 'string' ? (JSON.parse(row.details) as unknown) : row.details;
  return {
    id: Number(row.id),
    at: new Date(row.at).toISOString(),
    actor: row.actor_id === null ? null : { id: row.actor_id, name: row.actor_name ?? '', email: row.actor_email ?? '', role: row.actor_role },
    onBehalfOf: row.behalf_id === null ? null : { id: row.behalf_id, name: row.behalf_name ?? '' },
    action: row.action,
    entity: row.entity,
    entityId: row.entity_id,
    entityName: row.entity_name,
    details: details !== null && typeof details === 'object' && !Array.isArray(details) ? (details as Record<string, unknown>) : { value: details },
    ip: row.ip,
  };
}

/** 'YYYY-MM-DD HH:mm:ss' in India, for the CSV. */
function istStamp(iso: string): string {
  return new Date(Date.parse(iso) + 330 * 60_000).toISOString().replace('T', ' ').slice(0, 19);
}

export function createAuditLogService({ db }: { db: Db }) {
  async function page(query: AuditQuery): Promise<AuditPage> {
    const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
    const rows = await select(db, whereOf(query, cursor), query.limit + 1);
    const more = rows.length > query.limit;
    const shown = more ? rows.slice(0, query.limit) : rows;
    const actions = await queryRows<{ action: string }>(
      db,
      sql`with recursive t(action) as (
            (select action from audit_log order by action limit 1)
            union all
            select (select a.action from audit_log a where a.action > t.action order by a.action limit 1) from t where t.action is not null
          )
          select action from t where action is not null`,
    );
    const actors = await queryRows<{ id: number; name: string; email: string; role: string | null }>(
      db,
      sql`with recursive t(id) as (
            (select actor_user_id from audit_log where actor_user_id is not null order by actor_user_id limit 1)
            union all
            select (select a.actor_user_id from audit_log a where a.actor_user_id > t.id order by a.actor_user_id limit 1) from t where t.id is not null
          )
          select u.id, u.name, u.email, ro.code as role from t join users u on u.id = t.id left join roles ro on ro.id = u.role_id
          order by u.name, u.id
          limit 1000`,
    );
    const [retailer] =
      query.retailerId === undefined
        ? []
        : await queryRows<{ id: number; name: string }>(db, sql`select id, business_name as name from retailers where id = ${query.retailerId}`);
    return {
      entries: shown.map(toEntry),
      nextCursor: more ? encodeCursor(shown[shown.length - 1]!) : null,
      actions: actions.map((row) => row.action),
      actors: actors.map((row) => ({ id: row.id, name: row.name, email: row.email, role: row.role })),
      retailer: retailer ?? null,
    };
  }

  /** Every matching row as CSV (BOM, CRLF, text cells neutralised), newest first, up to AUDIT_CSV_MAX_ROWS. */
  async function csv(query: AuditExportQuery): Promise<Buffer> {
    const rows = (await select(db, whereOf(query), AUDIT_CSV_MAX_ROWS)).map(toEntry);
    const fields = ['When (India)', 'Who', 'Email', 'Role', 'On behalf of', 'Action', 'Entity', 'Entity id', 'Entity name', 'Details', 'IP'];
    const data = rows.map((entry) =>
      [
        istStamp(entry.at),
        entry.actor?.name ?? '',
        entry.actor?.email ?? '',
        entry.actor?.role ?? '',
        entry.onBehalfOf?.name ?? '',
        entry.action,
        entry.entity ?? '',
        entry.entityId ?? '',
        entry.entityName ?? '',
        JSON.stringify(entry.details),
        entry.ip ?? '',
      ].map(neutraliseCell),
    );
    const text = Papa.unparse({ fields, data }, { newline: '\r\n' });
    return Buffer.from(`\uFEFF${text}\r\n`, 'utf8');
  }

  return { page, csv };
}

export type AuditLogService = ReturnType<typeof createAuditLogService>;
