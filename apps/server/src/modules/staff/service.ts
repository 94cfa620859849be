/**
 * The sales team and staff users (back office III, issue 18 items 4 and 5; admin only):
 * - sales executives with their linked retailers, created with a welcome mail (a link to set a
 *   password, never a password), deactivated only once no retailer is linked to them;
 * - a retailer's sales executives replaced at once, and retailers moved between sales executives in
 *   bulk (one transaction, an audit row per retailer). A sales executive's access follows its links
 *   on every request (account/service.ts resolveActing, profile getRetailersList): a move takes
 *   effect at once;
 * - staff users (admin, accounts, warehouse): created with a role, deactivated and reactivated,
 *   unlocked (the account module's unlockSignIn) and their sessions ended.
 * Every change is one transaction with its audit row (before and after); state changes honour an
 * Idempotency-Key (http/idempotency.ts). Deactivating or ending sessions revokes the user's sessions
 * in that transaction, and the bearer hook checks `users.is_active` and `sessions.revoked_at` on
 * every request, so an old token is refused from the next request on.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { paiseToRupees, retailerStanding, staffMessages } from '@frameport/domain';
import type {
  CreateSalesExecutiveBodySchema,
  CreateStaffUserBodySchema,
  LinkedRetailer,
  MoveRetailersResult,
  RetailerSalesExecutivesResult,
  SalesExecutiveDetail,
  SalesExecutiveResult,
  SalesExecutiveRow,
  SalesExecutivesQuery,
  SalesExecutivesResponse,
  StaffListRole,
  StaffUserResult,
  StaffUserRow,
  StaffUsersQuery,
  StaffUsersResponse,
  EndSessionsResult,
  UnlockSignInResult,
} from '@frameport/domain/contract';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import { recordAudit, recordAudits, type AuditEntry } from '../../db/audit.ts';
import { isUniqueViolation, type Db, type DbOrTx, type Tx } from '../../db/client.ts';
import {
  cities,
  retailers,
  ROLE_IDS,
  roles,
  salesExecutiveRetailers,
  sessions,
  states,
  users,
} from '../../db/schema.ts';
import { hashPassword } from '../../adapters/password-hash.ts';
import { requireIdentity } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { idempotent } from '../../http/idempotency.ts';
import { ACCOUNT_IDLE_RESET_MS, ACCOUNT_LIMIT, PAIR_LIMIT, PAIR_WINDOW_MS, type AccountService } from '../account/service.ts';
import type { WelcomeMail } from './welcome.ts';

const m = staffMessages;
const ENTITY_USER = 'user';
const ENTITY_RETAILER = 'retailer';
const STAFF_ROLE_IDS = [ROLE_IDS.admin, ROLE_IDS.accounts, ROLE_IDS.warehouse, ROLE_IDS.salesexecutive];

type CreateSalesExecutive = z.output<typeof CreateSalesExecutiveBodySchema>;
type CreateStaffUser = z.output<typeof CreateStaffUserBodySchema>;
type Actor = { userId: number; ip: string; at: Date };

const iso = (at: Date | string | null): string | null => (at === null ? null : new Date(at).toISOString());
const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/*
 * The subqueries below name their columns in full ("users"."id"): in a select from one table drizzle
 * writes bare column names, which a subquery over another table would read as its own.
 */
/** The unpaid balances of a sales executive's retailers, paise. */
const outstandingOfUser = sql<number>`coalesce((select sum(i.balance_paise) from invoices i
    join sales_executive_retailers ser on ser.retailer_id = i.retailer_id
    where ser.sales_executive_user_id = "users"."id" and i.balance_paise > 0), 0)`.mapWith(Number);
const retailerCountOfUser = sql<number>`(select count(*) from sales_executive_retailers ser
    where ser.sales_executive_user_id = "users"."id")`.mapWith(Number);
const openSessionsOfUser = (now: Date) =>
  sql<number>`(select count(*) from sessions s where s.user_id = "users"."id" and s.revoked_at is null
    and s.expires_at > ${now.toISOString()}::timestamptz)`.mapWith(Number);
/** Whether the sign-in throttle holds the account back now (its own ceiling, or a pair with an address). */
const signInLockedOf = (now: Date) => {
  const pairSince = new Date(now.getTime() - PAIR_WINDOW_MS).toISOString();
  const accountSince = new Date(now.getTime() - ACCOUNT_IDLE_RESET_MS).toISOString();
  return sql<boolean>`exists (select 1 from login_throttle lt where
    (lt.key = 'user:' || lower("users"."email") and lt.attempts >= ${ACCOUNT_LIMIT} and lt.updated_at > ${accountSince}::timestamptz)
    or (starts_with(lt.key, 'pair:' || lower("users"."email") || '|') and lt.attempts >= ${PAIR_LIMIT}
      and lt.window_started_at > ${pairSince}::timestamptz))`.mapWith((value) => value === true || value === 't');
};

function searchOf(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = like(q);
  return or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(sql`coalesce(${users.phoneNumber}, '')`, pattern));
}
function activeOf(active: 'true' | 'false' | 'all'): SQL | undefined {
  return active === 'all' ? undefined : eq(users.isActive, active === 'true');
}

/** What the audit keeps of a user. */
type UserView = { name: string; email: string; phone: string | null; role: string; active: boolean };

export type StaffServiceDeps = { db: Db; clock: Clock; account: AccountService; welcome: WelcomeMail };
export type StaffService = ReturnType<typeof createStaffService>;

export function createStaffService({ db, clock, account, welcome }: StaffServiceDeps) {
  // ── Reads ────────────────────────────────────────────────────────────────────────────────

  function salesExecutiveColumns(now: Date) {
    return {
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phoneNumber,
      active: users.isActive,
      retailerCount: retailerCountOfUser,
      outstandingPaise: outstandingOfUser,
      lastLoginAt: users.lastLoginAt,
      createdAt: users.createdAt,
      openSessions: openSessionsOfUser(now),
    };
  }
  type SalesExecutiveRecord = {
    id: number;
    name: string;
    email: string;
    phone: string | null;
    active: boolean;
    retailerCount: number;
    outstandingPaise: number;
    lastLoginAt: Date | null;
  };
  const salesExecutiveRowOf = (row: SalesExecutiveRecord): SalesExecutiveRow => ({
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    active: row.active,
    retailerCount: row.retailerCount,
    outstanding: paiseToRupees(row.outstandingPaise),
    lastSignInAt: iso(row.lastLoginAt),
  });

  async function listSalesExecutives(query: SalesExecutivesQuery): Promise<SalesExecutivesResponse> {
    const now = clock.now();
    const where = and(eq(users.roleId, ROLE_IDS.salesexecutive), searchOf(query.q), activeOf(query.active));
    const [total] = await db.select({ n: count() }).from(users).where(where);
    const rows = await db
      .select(salesExecutiveColumns(now))
      .from(users)
      .where(where)
      .orderBy(desc(users.isActive), asc(sql`lower(${users.name})`), asc(users.id))
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize);
    return {
      salesExecutives: rows.map(salesExecutiveRowOf),
      totalCount: Number(total?.n ?? 0),
      pageNumber: query.pageNumber,
      pageSize: query.pageSize,
    };
  }

  async function linkedRetailersOf(dbx: DbOrTx, userId: number): Promise<LinkedRetailer[]> {
    const rows = await dbx
      .select({
        id: retailers.id,
        businessName: retailers.businessName,
        email: retailers.email,
        city: cities.name,
        stateName: states.name,
        status: retailers.status,
        creditHold: retailers.creditHold,
        outstandingPaise: sql<number>`coalesce((select sum(i.balance_paise) from invoices i
          where i.retailer_id = "retailers"."id" and i.balance_paise > 0), 0)`.mapWith(Number),
        alsoWith: sql<string[]>`coalesce((select array_agg(o.name order by lower(o.name), o.id) from sales_executive_retailers x
          join users o on o.id = x.sales_executive_user_id
          where x.retailer_id = "retailers"."id" and x.sales_executive_user_id <> ${userId}), '{}')`,
      })
      .from(salesExecutiveRetailers)
      .innerJoin(retailers, eq(retailers.id, salesExecutiveRetailers.retailerId))
      .innerJoin(cities, eq(cities.id, retailers.cityId))
      .innerJoin(states, eq(states.id, retailers.stateId))
      .where(eq(salesExecutiveRetailers.salesExecutiveUserId, userId))
      .orderBy(asc(sql`lower(${retailers.businessName})`), asc(retailers.id));
    return rows.map((row) => ({
      id: row.id,
      businessName: row.businessName,
      email: row.email,
      city: row.city,
      stateName: row.stateName,
      standing: retailerStanding(row),
      outstanding: paiseToRupees(row.outstandingPaise),
      alsoWith: pgTextArray(row.alsoWith),
    }));
  }

  async function salesExecutiveDetail(dbx: DbOrTx, id: number, now: Date): Promise<SalesExecutiveDetail> {
    const [row] = await dbx
      .select(salesExecutiveColumns(now))
      .from(users)
      .where(and(eq(users.id, id), eq(users.roleId, ROLE_IDS.salesexecutive)));
    if (!row) throw new AppError('not_found', m.salesExecutiveNotFound);
    return {
      ...salesExecutiveRowOf(row),
      createdAt: iso(row.createdAt)!,
      openSessions: row.openSessions,
      retailers: await linkedRetailersOf(dbx, id),
    };
  }

  async function listStaffUsers(query: StaffUsersQuery): Promise<StaffUsersResponse> {
    const now = clock.now();
    const roleIds = query.role === undefined ? STAFF_ROLE_IDS : [ROLE_IDS[query.role]];
    const where = and(inArray(users.roleId, roleIds), searchOf(query.q), activeOf(query.active));
    const [total] = await db.select({ n: count() }).from(users).where(where);
    const rows = await staffRows(db, now)
      .where(where)
      .orderBy(desc(users.isActive), asc(sql`lower(${users.name})`), asc(users.id))
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize);
    return { users: rows.map(staffRowOf), totalCount: Number(total?.n ?? 0), pageNumber: query.pageNumber, pageSize: query.pageSize };
  }

  function staffRows(dbx: DbOrTx, now: Date) {
    return dbx
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        phone: users.phoneNumber,
        role: roles.code,
        active: users.isActive,
        lastLoginAt: users.lastLoginAt,
        createdAt: users.createdAt,
        openSessions: openSessionsOfUser(now),
        signInLocked: signInLockedOf(now),
      })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .$dynamic();
  }
  type StaffRecord = Awaited<ReturnType<ReturnType<typeof staffRows>['execute']>>[number];
  const staffRowOf = (row: StaffRecord): StaffUserRow => ({
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role as StaffListRole,
    active: row.active,
    lastSignInAt: iso(row.lastLoginAt),
    createdAt: iso(row.createdAt)!,
    openSessions: row.openSessions,
    signInLocked: row.signInLocked,
  });

  async function staffUser(dbx: DbOrTx, id: number, now: Date): Promise<StaffUserRow> {
    const [row] = await staffRows(dbx, now).where(and(eq(users.id, id), inArray(users.roleId, STAFF_ROLE_IDS)));
    if (!row) throw new AppError('not_found', m.userNotFound);
    return staffRowOf(row);
  }

  // ── Users: create, deactivate, reactivate, end sessions ──────────────────────────────────

  /** The user locked for a change: a staff user or sales executive (never a retailer's login). */
  async function lockStaff(tx: Tx, id: number) {
    const [row] = await tx
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        phone: users.phoneNumber,
        roleId: users.roleId,
        role: roles.code,
        active: users.isActive,
      })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(eq(users.id, id))
      .for('update', { of: users });
    if (!row) throw new AppError('not_found', m.userNotFound);
    if (row.role === 'retailer') throw new AppError('not_found', m.notStaff);
    return row;
  }
  type LockedUser = Awaited<ReturnType<typeof lockStaff>>;
  const viewOf = (user: LockedUser, active = user.active): UserView => ({
    name: user.name,
    email: user.email,
    phone: user.phone,
    role: user.role,
    active,
  });

  async function revokeSessions(tx: Tx, userId: number, now: Date): Promise<number> {
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      .returning({ id: sessions.id });
    // Expired ones are ended too (nothing to count: they no longer let anyone in).
    await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    return revoked.length;
  }

  /**
   * A new user with an unusable password (random, never shown) and a welcome token: the mail with
   * the link to set a password is queued in the transaction and delivered after it commits.
   */
  async function createUser(
    request: FastifyRequest,
    fields: { name: string; email: string; phone: string; role: 'admin' | 'accounts' | 'warehouse' | 'salesexecutive' },
  ): Promise<{ userId: number; deliver: (() => Promise<void>) | null }> {
    const identity = requireIdentity(request);
    const now = clock.now();
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    let deliver: (() => Promise<void>) | null = null;
    const created = await idempotent(db, request, async (tx) => {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.email})`, fields.email.toLowerCase()))
        .limit(1);
      if (taken) throw new AppError('conflict', m.email.taken);
      const [user] = await tx
        .insert(users)
        .values({
          email: fields.email,
          passwordHash,
          roleId: ROLE_IDS[fields.role],
          name: fields.name,
          phoneNumber: fields.phone,
          isActive: true,
          createdAt: now,
          updatedAt: now,
          passwordChangedAt: now,
        })
        .returning({ id: users.id });
      const view: UserView = { name: fields.name, email: fields.email, phone: fields.phone, role: fields.role, active: true };
      await recordAudit(tx, {
        actorUserId: identity.userId,
        action: fields.role === 'salesexecutive' ? 'salesExecutive.create' : 'staffUser.create',
        entity: ENTITY_USER,
        entityId: String(user!.id),
        details: { before: null, after: view },
        ip: request.ip,
        at: now,
      });
      deliver = await welcome(tx, { userId: user!.id, email: fields.email, name: fields.name }, now);
      return { userId: user!.id };
    }).catch((error: unknown) => {
      // Two requests for the same new email at once: the second meets the unique index.
      if (isUniqueViolation(error)) throw new AppError('conflict', m.email.taken);
      throw error;
    });
    return { userId: created.userId, deliver };
  }

  /** Deactivates a staff user or sales executive: refused for oneself, the last admin, a sales executive with retailers. */
  async function deactivateUser(tx: Tx, actor: Actor, user: LockedUser): Promise<void> {
    if (!user.active) throw new AppError('conflict', m.alreadyInactive(user.name));
    if (user.id === actor.userId) throw new AppError('conflict', m.notYourself);
    if (user.role === 'admin') {
      const others = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.roleId, ROLE_IDS.admin), eq(users.isActive, true), ne(users.id, user.id)));
      if (others.length === 0) throw new AppError('conflict', m.lastAdmin);
    }
    if (user.role === 'salesexecutive') {
      const [linked] = await tx
        .select({ n: count() })
        .from(salesExecutiveRetailers)
        .where(eq(salesExecutiveRetailers.salesExecutiveUserId, user.id));
      const n = Number(linked?.n ?? 0);
      if (n > 0) throw new AppError('conflict', m.moveRetailersFirst(n));
    }
    await tx.update(users).set({ isActive: false, updatedAt: actor.at }).where(eq(users.id, user.id));
    const sessionsEnded = await revokeSessions(tx, user.id, actor.at);
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: user.role === 'salesexecutive' ? 'salesExecutive.deactivate' : 'staffUser.deactivate',
      entity: ENTITY_USER,
      entityId: String(user.id),
      details: { before: viewOf(user), after: viewOf(user, false), sessionsEnded },
      ip: actor.ip,
      at: actor.at,
    });
  }

  async function reactivateUser(tx: Tx, actor: Actor, user: LockedUser): Promise<void> {
    if (user.active) throw new AppError('conflict', m.alreadyActive(user.name));
    await tx.update(users).set({ isActive: true, updatedAt: actor.at }).where(eq(users.id, user.id));
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: user.role === 'salesexecutive' ? 'salesExecutive.reactivate' : 'staffUser.reactivate',
      entity: ENTITY_USER,
      entityId: String(user.id),
      details: { before: viewOf(user), after: viewOf(user, true) },
      ip: actor.ip,
      at: actor.at,
    });
  }

  const actorOf = (request: FastifyRequest): Actor => ({ userId: requireIdentity(request).userId, ip: request.ip, at: clock.now() });

  async function lockSalesExecutive(tx: Tx, id: number): Promise<LockedUser> {
    const user = await lockStaff(tx, id).catch((error: unknown) => {
      if (error instanceof AppError && error.kind === 'not_found') throw new AppError('not_found', m.salesExecutiveNotFound);
      throw error;
    });
    if (user.role !== 'salesexecutive') throw new AppError('not_found', m.salesExecutiveNotFound);
    return user;
  }

  // ── Links: a retailer's sales executives, and moves ──────────────────────────────────────

  /** The sales executives of these retailers, by retailer (ids in order). */
  async function linksOf(tx: Tx, retailerIds: number[]): Promise<Map<number, number[]>> {
    const rows = await tx
      .select({ retailerId: salesExecutiveRetailers.retailerId, userId: salesExecutiveRetailers.salesExecutiveUserId })
      .from(salesExecutiveRetailers)
      .where(inArray(salesExecutiveRetailers.retailerId, retailerIds))
      .orderBy(asc(salesExecutiveRetailers.salesExecutiveUserId));
    const links = new Map<number, number[]>(retailerIds.map((id) => [id, []]));
    for (const row of rows) links.get(row.retailerId)!.push(row.userId);
    return links;
  }

  /** Checks that every id is an active sales executive; returns them by id. */
  async function activeSalesExecutives(tx: Tx, ids: number[]) {
    if (ids.length === 0) return new Map<number, { id: number; name: string; email: string; active: boolean }>();
    const found = await tx
      .select({ id: users.id, name: users.name, email: users.email, active: users.isActive, roleId: users.roleId })
      .from(users)
      .where(inArray(users.id, ids))
      .for('share');
    const byId = new Map(found.filter((u) => u.roleId === ROLE_IDS.salesexecutive).map((u) => [u.id, u]));
    const missing = ids.filter((id) => !byId.has(id));
    if (missing.length > 0) throw new AppError('invalid', m.links.notSalesExecutives(missing));
    const inactive = ids.map((id) => byId.get(id)!).filter((u) => !u.active);
    if (inactive.length > 0) throw new AppError('invalid', m.links.inactive(inactive.map((u) => u.name)));
    return byId;
  }

  async function setRetailerSalesExecutives(request: FastifyRequest, retailerId: number, ids: number[]): Promise<RetailerSalesExecutivesResult> {
    const actor = actorOf(request);
    return idempotent(db, request, async (tx) => {
      const [retailer] = await tx.select({ id: retailers.id }).from(retailers).where(eq(retailers.id, retailerId)).for('update');
      if (!retailer) throw new AppError('not_found', m.retailerNotFound([retailerId]));
      const chosen = await activeSalesExecutives(tx, ids);
      const before = (await linksOf(tx, [retailerId])).get(retailerId)!;
      const after = [...ids].sort((a, b) => a - b);
      const removed = before.filter((id) => !after.includes(id));
      const added = after.filter((id) => !before.includes(id));
      if (removed.length > 0) {
        await tx
          .delete(salesExecutiveRetailers)
          .where(and(eq(salesExecutiveRetailers.retailerId, retailerId), inArray(salesExecutiveRetailers.salesExecutiveUserId, removed)));
      }
      if (added.length > 0) {
        await tx
          .insert(salesExecutiveRetailers)
          .values(added.map((userId) => ({ salesExecutiveUserId: userId, retailerId, createdAt: actor.at })));
      }
      if (removed.length > 0 || added.length > 0) {
        await recordAudit(tx, {
          actorUserId: actor.userId,
          action: 'retailer.salesExecutives',
          entity: ENTITY_RETAILER,
          entityId: String(retailerId),
          details: { before: { salesExecutiveIds: before }, after: { salesExecutiveIds: after }, added, removed },
          ip: actor.ip,
          at: actor.at,
        });
      }
      return {
        message: m.links.saved(after.length),
        retailerId,
        salesExecutives: [...chosen.values()]
          .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id)
          .map(({ id, name, email, active }) => ({ id, name, email, active })),
      };
    });
  }

  async function moveRetailers(
    request: FastifyRequest,
    fromId: number,
    body: { retailerIds: number[]; toSalesExecutiveId: number },
  ): Promise<MoveRetailersResult> {
    const actor = actorOf(request);
    return idempotent(db, request, async (tx) => {
      await lockSalesExecutive(tx, fromId);
      if (body.toSalesExecutiveId === fromId) throw new AppError('invalid', m.move.sameTarget);
      const [target] = await tx
        .select({ id: users.id, name: users.name, active: users.isActive, roleId: users.roleId })
        .from(users)
        .where(eq(users.id, body.toSalesExecutiveId))
        .for('share');
      if (!target || target.roleId !== ROLE_IDS.salesexecutive) throw new AppError('invalid', m.links.notSalesExecutives([body.toSalesExecutiveId]));
      if (!target.active) throw new AppError('invalid', m.move.targetInactive(target.name));

      const ids = [...body.retailerIds].sort((a, b) => a - b);
      const found = await tx
        .select({ id: retailers.id, name: retailers.businessName })
        .from(retailers)
        .where(inArray(retailers.id, ids))
        .orderBy(asc(retailers.id))
        .for('update');
      const unknown = ids.filter((id) => !found.some((r) => r.id === id));
      if (unknown.length > 0) throw new AppError('not_found', m.retailerNotFound(unknown));
      const before = await linksOf(tx, ids);
      const notLinked = found.filter((r) => !before.get(r.id)!.includes(fromId));
      if (notLinked.length > 0) throw new AppError('invalid', m.move.notLinked(notLinked.map((r) => r.name)));

      await tx
        .delete(salesExecutiveRetailers)
        .where(and(eq(salesExecutiveRetailers.salesExecutiveUserId, fromId), inArray(salesExecutiveRetailers.retailerId, ids)));
      await tx
        .insert(salesExecutiveRetailers)
        .values(ids.map((retailerId) => ({ salesExecutiveUserId: target.id, retailerId, createdAt: actor.at })))
        .onConflictDoNothing();
      const audits: AuditEntry[] = ids.map((retailerId) => {
        const was = before.get(retailerId)!;
        const now = [...new Set([...was.filter((id) => id !== fromId), target.id])].sort((a, b) => a - b);
        return {
          actorUserId: actor.userId,
          action: 'retailer.salesExecutives.move',
          entity: ENTITY_RETAILER,
          entityId: String(retailerId),
          details: { before: { salesExecutiveIds: was }, after: { salesExecutiveIds: now }, from: fromId, to: target.id },
          ip: actor.ip,
          at: actor.at,
        };
      });
      await recordAudits(tx, audits);
      return {
        message: m.move.moved(ids.length, target.name),
        moved: ids.length,
        salesExecutive: await salesExecutiveDetail(tx, fromId, actor.at),
      };
    });
  }

  return {
    listSalesExecutives,
    salesExecutive: (id: number) => salesExecutiveDetail(db, id, clock.now()),

    async createSalesExecutive(request: FastifyRequest, body: CreateSalesExecutive): Promise<SalesExecutiveResult> {
      const { userId, deliver } = await createUser(request, { ...body, role: 'salesexecutive' });
      void deliver?.();
      return { message: m.created(body.name, body.email), salesExecutive: await salesExecutiveDetail(db, userId, clock.now()) };
    },

    async deactivateSalesExecutive(request: FastifyRequest, id: number): Promise<SalesExecutiveResult> {
      const actor = actorOf(request);
      return idempotent(db, request, async (tx) => {
        const user = await lockSalesExecutive(tx, id);
        await deactivateUser(tx, actor, user);
        return { message: m.deactivated(user.name), salesExecutive: await salesExecutiveDetail(tx, id, actor.at) };
      });
    },

    async reactivateSalesExecutive(request: FastifyRequest, id: number): Promise<SalesExecutiveResult> {
      const actor = actorOf(request);
      return idempotent(db, request, async (tx) => {
        const user = await lockSalesExecutive(tx, id);
        await reactivateUser(tx, actor, user);
        return { message: m.reactivated(user.name), salesExecutive: await salesExecutiveDetail(tx, id, actor.at) };
      });
    },

    setRetailerSalesExecutives,
    moveRetailers,
    listStaffUsers,

    async createStaffUser(request: FastifyRequest, body: CreateStaffUser): Promise<StaffUserResult> {
      const { userId, deliver } = await createUser(request, body);
      void deliver?.();
      return { message: m.created(body.name, body.email), user: await staffUser(db, userId, clock.now()) };
    },

    async deactivateStaffUser(request: FastifyRequest, id: number): Promise<StaffUserResult> {
      const actor = actorOf(request);
      return idempotent(db, request, async (tx) => {
        // The active admins first, in id order: two admins deactivating each other at once take turns,
        // and the second sees the first's change (the last active admin stays).
        await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.roleId, ROLE_IDS.admin), eq(users.isActive, true)))
          .orderBy(asc(users.id))
          .for('update');
        const user = await lockStaff(tx, id);
        await deactivateUser(tx, actor, user);
        return { message: m.deactivated(user.name), user: await staffUser(tx, id, actor.at) };
      });
    },

    async reactivateStaffUser(request: FastifyRequest, id: number): Promise<StaffUserResult> {
      const actor = actorOf(request);
      return idempotent(db, request, async (tx) => {
        const user = await lockStaff(tx, id);
        await reactivateUser(tx, actor, user);
        return { message: m.reactivated(user.name), user: await staffUser(tx, id, actor.at) };
      });
    },

    /** Ends every session of the user: its next request with an old token is 401. */
    async endSessions(request: FastifyRequest, id: number): Promise<EndSessionsResult> {
      const actor = actorOf(request);
      return idempotent(db, request, async (tx) => {
        const user = await lockStaff(tx, id);
        if (user.id === actor.userId) throw new AppError('conflict', m.endSessionsOfYourself);
        const sessionsEnded = await revokeSessions(tx, user.id, actor.at);
        await recordAudit(tx, {
          actorUserId: actor.userId,
          action: 'staffUser.endSessions',
          entity: ENTITY_USER,
          entityId: String(user.id),
          details: { email: user.email, sessionsEnded },
          ip: actor.ip,
          at: actor.at,
        });
        return { message: m.sessionsEnded(user.name, sessionsEnded), sessionsEnded, user: await staffUser(tx, id, actor.at) };
      });
    },

    /** The account module's unlock (audited there), for a staff user or sales executive only. */
    async unlock(request: FastifyRequest, id: number): Promise<UnlockSignInResult> {
      await staffUser(db, id, clock.now());
      return account.unlockSignIn(requireIdentity(request), id, request.ip);
    },
  };
}

/** A text[] as both drivers hand it back: an array, or PostgreSQL's '{a,"b c"}' literal. */
function pgTextArray(value: string[] | string | null): string[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  if (inner === '') return [];
  const out: string[] = [];
  const pattern = /"((?:[^"\\]|\\.)*)"|([^,]+)/g;
  for (const match of inner.matchAll(pattern)) out.push(match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : match[2]!);
  return out;
}
