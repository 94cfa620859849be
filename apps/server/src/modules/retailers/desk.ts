/**
 * The retailers desk (issue 18): the list and its CSV, one retailer's page, create and edit (admin),
 * a sales executive's proposal and its approval or rejection (admin), block and unblock (admin,
 * accounts). See docs/decisions/016-retailers-desk.md.
 *
 * Every write runs in one transaction with its audit row (before and after); state changes are
 * conditional UPDATEs on the status they start from, so a repeat or a concurrent call finds the
 * status already changed and is refused (409) instead of changing it twice; with an
 * Idempotency-Key a repeat answers what the first call answered. A refusal stores nothing.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import Papa from 'papaparse';
import { and, asc, count, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import {
  ageReceivables,
  daysOverdue,
  dueDateOf,
  gstinPan,
  gstinProblem,
  istDateOf,
  neutraliseCell,
  paiseToRupees,
  panProblem,
  retailerMessages,
  retailerStanding,
  rupeesToPaise,
  type RetailerStatus,
} from '@frameport/domain';
import type {
  AdminRetailerCreate,
  AdminRetailerDetail,
  AdminRetailerPatch,
  AdminRetailersExportQuery,
  AdminRetailersQuery,
  ProposeRetailerBody,
  ProposeRetailerResponse,
} from '@frameport/domain/contract';
import type { MailMessage } from '../../adapters/mail.ts';
import { hashPassword } from '../../adapters/password-hash.ts';
import { recordAudit } from '../../db/audit.ts';
import { isUniqueViolation, type DbOrTx, type Tx } from '../../db/client.ts';
import {
  auditLog,
  cities,
  invoices,
  orders,
  passwordResetTokens,
  retailers,
  ROLE_IDS,
  roles,
  salesExecutiveRetailers,
  sessions,
  shippingAddresses,
  states,
  users,
  type Retailer,
} from '../../db/schema.ts';
import { requireIdentity } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import type { Identity } from '../../http/identity.ts';
import { idempotent } from '../../http/idempotency.ts';
import { isAccountLocked, queueWelcome, revokeRetailerSessions, type QueuedMail } from '../account/service.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { retailerList, retailerRows } from './list.ts';

const m = retailerMessages;
type Who = { userId: number | null; name: string; role: string | null };
const NOT_RECORDED: Who = { userId: null, name: 'Not recorded', role: null };
const iso = (at: Date) => at.toISOString();

/** The fields of a retailer that edits write and the audit compares. */
const EDITABLE = [
  'businessName',
  'firstName',
  'lastName',
  'email',
  'phone',
  'alternatePhone',
  'address',
  'stateId',
  'cityId',
  'pinCode',
  'gstin',
  'pan',
  'maxLimitPerVariant',
  'maxOrderQuantity',
  'maxOrderValuePaise',
] as const satisfies readonly (keyof Retailer)[];
type Editable = Pick<Retailer, (typeof EDITABLE)[number]>;

/** The PostgreSQL constraint a unique violation broke, from the driver's error or drizzle's cause. */
function constraintOf(error: unknown): string | null {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const name = (current as { constraint?: unknown }).constraint;
    if (typeof name === 'string') return name;
  }
  return null;
}

/** A refusal for a unique index broken by a concurrent write (the checks before it saw no duplicate). */
function duplicateRefusal(error: unknown): AppError | null {
  if (!isUniqueViolation(error)) return null;
  const constraint = constraintOf(error) ?? '';
  if (constraint.includes('gstin')) return new AppError('conflict', m.duplicate.gstin);
  if (constraint.includes('email')) return new AppError('conflict', m.duplicate.email);
  return null;
}

export function createRetailersService({ db, clock, config, mailer, logger }: ModuleDeps) {
  const mailDeps = () => ({ mailer, publicUrl: config.publicUrl, now: clock.now() });

  function deliverAfterCommit(mail: QueuedMail | null, what: string) {
    if (!mail) return;
    mailer.deliver(mail.id, mail.message).catch((error: unknown) => {
      logger.error({ err: error, mailId: mail.id }, `${what} mail not sent`);
    });
  }

  /** The billing state's GST code and country, the city checked to be of that state. */
  async function placeOf(tx: DbOrTx, stateId: number, cityId: number) {
    const [state] = await tx
      .select({ stateCode: states.stateCode, countryId: states.countryId })
      .from(states)
      .where(eq(states.id, stateId));
    if (!state) throw new AppError('invalid', m.form.unknownState);
    const [city] = await tx
      .select({ id: cities.id })
      .from(cities)
      .where(and(eq(cities.id, cityId), eq(cities.stateId, stateId)));
    if (!city) throw new AppError('invalid', m.form.unknownCity);
    return state;
  }

  /**
   * The GSTIN (format, check character, the billing state's code, the PAN inside it) and the PAN
   * (format); the PAN taken from the GSTIN when only the GSTIN is given.
   */
  function checkedTaxIds(gstin: string | null, pan: string | null, billingStateCode: string): { gstin: string | null; pan: string | null } {
    if (pan !== null) {
      const problem = panProblem(pan);
      if (problem) throw new AppError('invalid', problem);
    }
    if (gstin === null) return { gstin, pan };
    const problem = gstinProblem(gstin, { billingStateCode, pan });
    if (problem) throw new AppError('invalid', problem);
    return { gstin, pan: pan ?? gstinPan(gstin) };
  }

  /** Refuses an email any retailer or user has, or a GSTIN another (not rejected) retailer has; `self` is left out. */
  async function assertNew(
    tx: DbOrTx,
    fields: { email?: string | undefined; gstin?: string | null | undefined },
    self?: { retailerId: number },
  ) {
    if (fields.email !== undefined) {
      const email = fields.email.toLowerCase();
      const [retailer] = await tx
        .select({ id: retailers.id })
        .from(retailers)
        .where(and(eq(sql`lower(${retailers.email})`, email), self ? ne(retailers.id, self.retailerId) : undefined))
        .limit(1);
      const [user] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(sql`lower(${users.email})`, email),
            self ? or(isNull(users.retailerId), ne(users.retailerId, self.retailerId)) : undefined,
          ),
        )
        .limit(1);
      if (retailer || user) throw new AppError('conflict', m.duplicate.email);
    }
    if (fields.gstin) {
      const [other] = await tx
        .select({ id: retailers.id })
        .from(retailers)
        .where(
          and(
            eq(retailers.gstin, fields.gstin),
            ne(retailers.status, 'Rejected'),
            self ? ne(retailers.id, self.retailerId) : undefined,
          ),
        )
        .limit(1);
      if (other) throw new AppError('conflict', m.duplicate.gstin);
    }
  }

  /** Sales executives (active users of that role) by id; an unknown one refuses the call. */
  async function salesExecutivesOf(tx: DbOrTx, ids: readonly number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const found = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, unique), eq(users.roleId, ROLE_IDS.salesexecutive), eq(users.isActive, true)));
    if (found.length !== unique.length) throw new AppError('invalid', 'Please choose sales executives from the list (active ones only).');
    return unique;
  }

  type NewRetailerInput = ProposeRetailerBody & {
    alternatePhone: string | null;
    maxLimitPerVariant?: number;
    maxOrderQuantity?: number;
    maxOrderValue?: number;
  };

  /** Checks and writes a retailer, its default shipping address (the billing one) and its sign-in user (no password yet). */
  async function insertRetailer(
    tx: Tx,
    body: NewRetailerInput,
    options: { status: 'Active' | 'Pending'; actorUserId: number; proposedByUserId: number | null; now: Date },
  ) {
    const place = await placeOf(tx, body.stateId, body.cityId);
    const tax = checkedTaxIds(body.gstin, body.pan, place.stateCode);
    await assertNew(tx, { email: body.email, gstin: tax.gstin });
    const [row] = await tx
      .insert(retailers)
      .values({
        businessName: body.businessName,
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email,
        phone: body.phone,
        alternatePhone: body.alternatePhone,
        address: body.address,
        cityId: body.cityId,
        stateId: body.stateId,
        countryId: place.countryId,
        pinCode: body.pinCode,
        gstin: tax.gstin,
        pan: tax.pan,
        ...(body.maxLimitPerVariant !== undefined ? { maxLimitPerVariant: body.maxLimitPerVariant } : {}),
        ...(body.maxOrderQuantity !== undefined ? { maxOrderQuantity: body.maxOrderQuantity } : {}),
        ...(body.maxOrderValue !== undefined ? { maxOrderValuePaise: rupeesToPaise(body.maxOrderValue) } : {}),
        status: options.status,
        statusChangedAt: options.now,
        statusChangedByUserId: options.actorUserId,
        proposedByUserId: options.proposedByUserId,
        createdAt: options.now,
        updatedAt: options.now,
      })
      .returning();
    if (!row) throw new Error('retailer not written');
    await tx.insert(shippingAddresses).values({
      retailerId: row.id,
      firstName: body.firstName,
      lastName: body.lastName,
      address: body.address,
      cityId: body.cityId,
      stateId: body.stateId,
      countryId: place.countryId,
      pin: body.pinCode,
      phone: body.phone,
      isDefault: true,
    });
    const name = `${body.firstName} ${body.lastName}`.trim();
    const [user] = await tx
      .insert(users)
      .values({
        email: body.email,
        // Nobody knows this password: the user sets one through the welcome link.
        passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
        roleId: ROLE_IDS.retailer,
        name,
        phoneNumber: body.phone,
        alternatePhoneNumber: body.alternatePhone,
        retailerId: row.id,
        createdAt: options.now,
        updatedAt: options.now,
      })
      .returning({ id: users.id, email: users.email, name: users.name });
    if (!user) throw new Error('retailer user not written');
    return { retailer: row, user };
  }

  /** Runs a write, turning a unique index broken by a concurrent write into the field's message. */
  async function guarded<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      throw duplicateRefusal(error) ?? error;
    }
  }

  /**
   * A status change: a conditional UPDATE from `from` to `to` (with reason), audited with before and
   * after; `after` adds what else the change does in the same transaction (revoke sessions, queue a
   * mail). Refused with 404 for an unknown retailer and 409 (the status's own message) when it is not
   * in `from` (already changed by a repeat or by someone else).
   */
  function changeStatus(
    request: FastifyRequest,
    retailerId: number,
    change: {
      from: RetailerStatus;
      to: RetailerStatus;
      reason: string | null;
      action: string;
      refusal: (status: RetailerStatus) => string;
      after?: (tx: Tx, retailer: Retailer, now: Date) => Promise<Record<string, unknown> | void>;
    },
  ): Promise<AdminRetailerDetail> {
    const identity = requireIdentity(request);
    return idempotent(db, request, async (tx) => {
      const now = clock.now();
      const [updated] = await tx
        .update(retailers)
        .set({ status: change.to, statusReason: change.reason, statusChangedAt: now, statusChangedByUserId: identity.userId, updatedAt: now })
        .where(and(eq(retailers.id, retailerId), eq(retailers.status, change.from)))
        .returning();
      if (!updated) {
        const [current] = await tx.select({ status: retailers.status }).from(retailers).where(eq(retailers.id, retailerId));
        if (!current) throw new AppError('not_found', m.status.notFound);
        throw new AppError('conflict', change.refusal(current.status));
      }
      const extra = (await change.after?.(tx, updated, now)) ?? {};
      await recordAudit(tx, {
        actorUserId: identity.userId,
        action: change.action,
        entity: 'retailer',
        entityId: String(retailerId),
        details: {
          businessName: updated.businessName,
          before: { status: change.from },
          after: { status: change.to, statusReason: change.reason },
          ...extra,
        },
        ip: request.ip,
        at: now,
      });
      return detailOf(tx, identity, retailerId);
    });
  }

  // ── Reads ─────────────────────────────────────────────────────────────────────────────────

  async function peopleOf(dbx: DbOrTx, ids: readonly (number | null)[]): Promise<Map<number, Who>> {
    const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
    if (wanted.length === 0) return new Map();
    const rows = await dbx
      .select({ userId: users.id, name: users.name, role: roles.code })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(inArray(users.id, wanted));
    return new Map(rows.map((row) => [row.userId, row]));
  }

  /** One retailer's page, as `identity` may act on it. */
  async function detailOf(dbx: DbOrTx, identity: Identity, retailerId: number): Promise<AdminRetailerDetail> {
    const now = clock.now();
    const today = istDateOf(now);
    const [row] = await dbx
      .select({ retailer: retailers, city: cities.name, stateName: states.name, stateCode: states.stateCode })
      .from(retailers)
      .innerJoin(cities, eq(cities.id, retailers.cityId))
      .innerJoin(states, eq(states.id, retailers.stateId))
      .where(eq(retailers.id, retailerId));
    if (!row) throw new AppError('not_found', m.status.notFound);
    const r = row.retailer;

    const addresses = await dbx
      .select({ address: shippingAddresses, city: cities.name, stateName: states.name })
      .from(shippingAddresses)
      .innerJoin(cities, eq(cities.id, shippingAddresses.cityId))
      .innerJoin(states, eq(states.id, shippingAddresses.stateId))
      .where(eq(shippingAddresses.retailerId, retailerId))
      .orderBy(desc(shippingAddresses.isDefault), asc(shippingAddresses.id));
    const executives = await dbx
      .select({ userId: users.id, name: users.name, email: users.email, phone: users.phoneNumber })
      .from(salesExecutiveRetailers)
      .innerJoin(users, eq(users.id, salesExecutiveRetailers.salesExecutiveUserId))
      .where(eq(salesExecutiveRetailers.retailerId, retailerId))
      .orderBy(asc(users.name), asc(users.id));
    const userRows = await dbx.select().from(users).where(eq(users.retailerId, retailerId)).orderBy(asc(users.id));
    const userIds = userRows.map((u) => u.id);
    const openSessions = userIds.length
      ? await dbx
          .select({ userId: sessions.userId, n: count() })
          .from(sessions)
          .where(and(inArray(sessions.userId, userIds), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
          .groupBy(sessions.userId)
      : [];
    const tokens = userIds.length
      ? await dbx
          .select({ userId: passwordResetTokens.userId, purpose: passwordResetTokens.purpose, usedAt: passwordResetTokens.usedAt })
          .from(passwordResetTokens)
          .where(inArray(passwordResetTokens.userId, userIds))
      : [];
    const recentOrders = await dbx
      .select()
      .from(orders)
      .where(eq(orders.retailerId, retailerId))
      .orderBy(desc(orders.placedAt), desc(orders.id))
      .limit(10);
    const recentInvoices = await dbx
      .select()
      .from(invoices)
      .where(eq(invoices.retailerId, retailerId))
      .orderBy(desc(invoices.invoiceDate), desc(invoices.id))
      .limit(10);
    const open = await dbx
      .select({ invoiceDate: invoices.invoiceDate, dueDate: invoices.dueDate, balancePaise: invoices.balancePaise })
      .from(invoices)
      .where(and(eq(invoices.retailerId, retailerId), gt(invoices.balancePaise, 0)));
    const dueOf = (invoice: { invoiceDate: string; dueDate: string | null }) => invoice.dueDate ?? dueDateOf(invoice.invoiceDate, config.invoiceCreditDays);
    const ageing = ageReceivables(
      open.map((invoice) => ({ dueDate: dueOf(invoice), openPaise: invoice.balancePaise })),
      today,
    );
    const audit = await dbx
      .select()
      .from(auditLog)
      .where(
        or(
          and(eq(auditLog.entity, 'retailer'), eq(auditLog.entityId, String(retailerId))),
          eq(auditLog.onBehalfOfRetailerId, retailerId),
          userIds.length ? and(eq(auditLog.entity, 'user'), inArray(auditLog.entityId, userIds.map(String))) : sql`false`,
        ),
      )
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(20);
    const people = await peopleOf(dbx, [r.statusChangedByUserId, r.proposedByUserId, ...audit.map((a) => a.actorUserId)]);
    const who = (userId: number | null): Who | null => (userId === null ? null : (people.get(userId) ?? { ...NOT_RECORDED, userId }));

    const users_ = await Promise.all(
      userRows.map(async (u) => ({
        id: u.id,
        name: u.name,
        email: u.email,
        phone: u.phoneNumber,
        isActive: u.isActive,
        lastLoginAt: u.lastLoginAt ? iso(u.lastLoginAt) : null,
        locked: await isAccountLocked(dbx, u.email.toLowerCase(), now),
        activeSessions: Number(openSessions.find((s) => s.userId === u.id)?.n ?? 0),
        awaitingPassword:
          tokens.some((t) => t.userId === u.id && t.purpose === 'welcome') && !tokens.some((t) => t.userId === u.id && t.usedAt !== null),
      })),
    );

    const isAdmin = identity.role === 'admin';
    const mayBlock = identity.role === 'admin' || identity.role === 'accounts';
    return {
      id: r.id,
      businessName: r.businessName,
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      phone: r.phone,
      alternatePhone: r.alternatePhone,
      gstin: r.gstin,
      pan: r.pan,
      billing: {
        address: r.address,
        cityId: r.cityId,
        city: row.city,
        stateId: r.stateId,
        stateName: row.stateName,
        stateCode: row.stateCode,
        pinCode: r.pinCode,
      },
      shippingAddresses: addresses.map(({ address: a, city, stateName }) => ({
        id: a.id,
        name: `${a.firstName} ${a.lastName}`.trim(),
        address: a.address,
        cityId: a.cityId,
        city,
        stateId: a.stateId,
        stateName,
        pinCode: a.pin,
        phone: a.phone,
        isDefault: a.isDefault,
      })),
      limits: {
        maxLimitPerVariant: r.maxLimitPerVariant,
        maxOrderQuantity: r.maxOrderQuantity,
        maxOrderValue: paiseToRupees(r.maxOrderValuePaise),
      },
      credit: {
        creditLimit: paiseToRupees(r.creditLimitPaise),
        paymentTermsDays: r.paymentTermsDays,
        paymentTermsDefaultDays: config.invoiceCreditDays,
        creditHold: r.creditHold,
        creditHoldReason: r.creditHoldReason,
      },
      status: r.status,
      standing: retailerStanding(r),
      statusReason: r.statusReason,
      statusChanged: r.statusChangedAt ? { by: who(r.statusChangedByUserId), at: iso(r.statusChangedAt) } : null,
      proposedBy: who(r.proposedByUserId),
      createdAt: iso(r.createdAt),
      salesExecutives: executives.map((e) => ({ userId: e.userId, name: e.name, email: e.email, phone: e.phone })),
      users: users_,
      recentOrders: recentOrders.map((o) => ({
        id: o.id,
        orderRefNo: o.orderRefNo,
        placedAt: iso(o.placedAt),
        status: o.status,
        totalQuantity: o.totalQuantity,
        total: paiseToRupees(o.totalPaise),
      })),
      recentInvoices: recentInvoices.map((i) => ({
        id: i.id,
        invoiceNo: i.invoiceNo,
        invoiceDate: i.invoiceDate,
        dueDate: dueOf(i),
        total: paiseToRupees(i.amountPaise),
        balance: paiseToRupees(i.balancePaise),
        paymentStatus: i.paymentStatus,
        daysOverdue: i.balancePaise > 0 ? daysOverdue(dueOf(i), today) : 0,
      })),
      outstanding: {
        notDue: paiseToRupees(ageing.notDue),
        d1to30: paiseToRupees(ageing.d1to30),
        d31to60: paiseToRupees(ageing.d31to60),
        d61to90: paiseToRupees(ageing.d61to90),
        d90plus: paiseToRupees(ageing.d90plus),
        total: paiseToRupees(ageing.total),
        asOf: today,
        openInvoices: open.length,
      },
      audit: audit.map((a) => ({
        id: a.id,
        action: a.action,
        by: who(a.actorUserId),
        at: iso(a.createdAt),
        details: (a.details as Record<string, unknown> | null) ?? null,
      })),
      actions: {
        edit: isAdmin && r.status !== 'Rejected',
        approve: isAdmin && r.status === 'Pending',
        reject: isAdmin && r.status === 'Pending',
        block: mayBlock && r.status === 'Active',
        unblock: mayBlock && r.status === 'Blocked',
      },
    };
  }

  /** The list's rows as a CSV a spreadsheet opens (BOM, CRLF); every cell through neutraliseCell. */
  async function exportCsv(query: AdminRetailersExportQuery): Promise<{ fileName: string; body: Buffer }> {
    const rows = await retailerRows(db, query, null);
    const headers = ['Business name', 'Contact', 'Email', 'Phone', 'City', 'State', 'GSTIN', 'Standing', 'Sales executives', 'Outstanding (₹)', 'Created'];
    const data = rows.map((r) => [
      r.businessName,
      r.contactName,
      r.email,
      r.phone,
      r.city,
      r.stateName,
      r.gstin ?? '',
      r.standing,
      r.salesExecutives.join('; '),
      r.outstanding.toFixed(2),
      istDateOf(new Date(r.createdAt)),
    ]);
    const text = Papa.unparse({ fields: headers, data: data.map((row) => row.map(neutraliseCell)) }, { newline: '\r\n' });
    return { fileName: `retailers-${istDateOf(clock.now())}.csv`, body: Buffer.from(`\uFEFF${text}\r\n`, 'utf8') };
  }

  // ── Writes ────────────────────────────────────────────────────────────────────────────────

  return {
    list: (query: AdminRetailersQuery) => retailerList(db, query),
    exportCsv,
    detail: (identity: Identity, retailerId: number) => detailOf(db, identity, retailerId),

    /** An Active retailer with its sign-in user, who gets the welcome mail (a link to set a password). */
    async create(request: FastifyRequest, body: AdminRetailerCreate): Promise<AdminRetailerDetail> {
      const identity = requireIdentity(request);
      let mail: QueuedMail | null = null;
      const detail = await guarded(() =>
        idempotent(db, request, async (tx) => {
          const now = clock.now();
          const executiveIds = await salesExecutivesOf(tx, body.salesExecutiveIds);
          const { retailer, user } = await insertRetailer(tx, body, {
            status: 'Active',
            actorUserId: identity.userId,
            proposedByUserId: null,
            now,
          });
          if (executiveIds.length) {
            await tx.insert(salesExecutiveRetailers).values(executiveIds.map((id) => ({ salesExecutiveUserId: id, retailerId: retailer.id, createdAt: now })));
          }
          mail = await queueWelcome(tx, { ...mailDeps(), now }, user, retailer.businessName);
          await recordAudit(tx, {
            actorUserId: identity.userId,
            action: 'retailer.create',
            entity: 'retailer',
            entityId: String(retailer.id),
            details: { after: { ...editableOf(retailer), status: 'Active' }, salesExecutiveIds: executiveIds, userId: user.id },
            ip: request.ip,
            at: now,
          });
          return detailOf(tx, identity, retailer.id);
        }),
      );
      deliverAfterCommit(mail, 'welcome');
      return detail;
    },

    /** Edits business details, contact, address, GSTIN/PAN (checked against the address as it will be) and limits. */
    async update(request: FastifyRequest, retailerId: number, patch: AdminRetailerPatch): Promise<AdminRetailerDetail> {
      const identity = requireIdentity(request);
      let mail: QueuedMail | null = null;
      const detail = await guarded(() =>
        idempotent(db, request, async (tx) => {
          const now = clock.now();
          const [current] = await tx.select().from(retailers).where(eq(retailers.id, retailerId)).for('no key update');
          if (!current) throw new AppError('not_found', m.status.notFound);
          if (current.status === 'Rejected') throw new AppError('conflict', 'A rejected retailer cannot be edited: propose or create it again.');
          const before = editableOf(current);
          const stateId = patch.stateId ?? current.stateId;
          const cityId = patch.cityId ?? current.cityId;
          const place = await placeOf(tx, stateId, cityId);
          const gstin = patch.gstin !== undefined ? patch.gstin : current.gstin;
          // A new GSTIN brings its own PAN unless one is given; a PAN left as it was must still match.
          const panGiven = patch.pan !== undefined ? patch.pan : patch.gstin !== undefined ? null : current.pan;
          const tax =
            patch.gstin !== undefined || patch.pan !== undefined || patch.stateId !== undefined
              ? checkedTaxIds(gstin, panGiven, place.stateCode)
              : { gstin: current.gstin, pan: current.pan };
          const after: Editable = {
            businessName: patch.businessName ?? current.businessName,
            firstName: patch.firstName ?? current.firstName,
            lastName: patch.lastName ?? current.lastName,
            email: patch.email ?? current.email,
            phone: patch.phone ?? current.phone,
            alternatePhone: patch.alternatePhone !== undefined ? patch.alternatePhone : current.alternatePhone,
            address: patch.address ?? current.address,
            stateId,
            cityId,
            pinCode: patch.pinCode ?? current.pinCode,
            gstin: tax.gstin,
            pan: tax.pan,
            maxLimitPerVariant: patch.maxLimitPerVariant ?? current.maxLimitPerVariant,
            maxOrderQuantity: patch.maxOrderQuantity ?? current.maxOrderQuantity,
            maxOrderValuePaise: patch.maxOrderValue !== undefined ? rupeesToPaise(patch.maxOrderValue) : current.maxOrderValuePaise,
          };
          const changed = EDITABLE.filter((field) => before[field] !== after[field]);
          if (changed.length === 0) return detailOf(tx, identity, retailerId);
          const emailChanged = after.email.toLowerCase() !== current.email.toLowerCase();
          await assertNew(
            tx,
            { email: emailChanged ? after.email : undefined, gstin: after.gstin !== current.gstin ? after.gstin : undefined },
            { retailerId },
          );
          await tx
            .update(retailers)
            .set({ ...after, countryId: place.countryId, updatedAt: now })
            .where(eq(retailers.id, retailerId));
          if (changed.includes('email') || changed.includes('firstName') || changed.includes('lastName') || changed.includes('phone')) {
            // The shop's sign-in user follows its contact: email (its sign-in), name and phone.
            await tx
              .update(users)
              .set({ email: after.email, name: `${after.firstName} ${after.lastName}`.trim(), phoneNumber: after.phone, updatedAt: now })
              .where(eq(users.retailerId, retailerId));
          }
          if (emailChanged) {
            // Links mailed to the old address stop working; a user still waiting to set a password gets a new welcome link.
            const [user] = await tx
              .select({ id: users.id, email: users.email, name: users.name })
              .from(users)
              .where(eq(users.retailerId, retailerId))
              .limit(1);
            if (user) {
              const spent = await tx
                .update(passwordResetTokens)
                .set({ usedAt: now })
                .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
                .returning({ purpose: passwordResetTokens.purpose });
              if (spent.some((token) => token.purpose === 'welcome') && current.status === 'Active') {
                mail = await queueWelcome(tx, { ...mailDeps(), now }, user, after.businessName);
              }
            }
          }
          await recordAudit(tx, {
            actorUserId: identity.userId,
            action: 'retailer.update',
            entity: 'retailer',
            entityId: String(retailerId),
            details: {
              businessName: after.businessName,
              before: Object.fromEntries(changed.map((field) => [field, before[field]])),
              after: Object.fromEntries(changed.map((field) => [field, after[field]])),
            },
            ip: request.ip,
            at: now,
          });
          return detailOf(tx, identity, retailerId);
        }),
      );
      deliverAfterCommit(mail, 'welcome');
      return detail;
    },

    /** A sales executive's proposal: Pending, proposed by and linked to them; its user cannot sign in until approved. */
    async propose(request: FastifyRequest, body: ProposeRetailerBody): Promise<ProposeRetailerResponse> {
      const identity = requireIdentity(request);
      return guarded(() =>
        idempotent(db, request, async (tx) => {
          const now = clock.now();
          const { retailer } = await insertRetailer(
            tx,
            { ...body, alternatePhone: null },
            { status: 'Pending', actorUserId: identity.userId, proposedByUserId: identity.userId, now },
          );
          await tx.insert(salesExecutiveRetailers).values({ salesExecutiveUserId: identity.userId, retailerId: retailer.id, createdAt: now });
          await recordAudit(tx, {
            actorUserId: identity.userId,
            action: 'retailer.propose',
            entity: 'retailer',
            entityId: String(retailer.id),
            details: { after: { ...editableOf(retailer), status: 'Pending' } },
            ip: request.ip,
            at: now,
          });
          return { message: m.proposal.proposed, retailerId: retailer.id, status: 'Pending' as const };
        }),
      );
    },

    /** Pending → Active; the retailer's user gets the welcome mail. */
    async approve(request: FastifyRequest, retailerId: number): Promise<AdminRetailerDetail> {
      let mail: QueuedMail | null = null;
      const detail = await changeStatus(request, retailerId, {
        from: 'Pending',
        to: 'Active',
        reason: null,
        action: 'retailer.approve',
        refusal: m.status.notPending,
        after: async (tx, retailer, now) => {
          const [user] = await tx
            .select({ id: users.id, email: users.email, name: users.name })
            .from(users)
            .where(and(eq(users.retailerId, retailer.id), eq(users.isActive, true)))
            .orderBy(asc(users.id))
            .limit(1);
          if (user) mail = await queueWelcome(tx, { ...mailDeps(), now }, user, retailer.businessName);
          return { welcomeMailTo: user?.email ?? null };
        },
      });
      deliverAfterCommit(mail, 'welcome');
      return detail;
    },

    /** Pending → Rejected with the reason; the proposing sales executive gets a mail with it. */
    async reject(request: FastifyRequest, retailerId: number, reason: string): Promise<AdminRetailerDetail> {
      let mail: QueuedMail | null = null;
      const detail = await changeStatus(request, retailerId, {
        from: 'Pending',
        to: 'Rejected',
        reason,
        action: 'retailer.reject',
        refusal: m.status.notPending,
        after: async (tx, retailer) => {
          if (retailer.proposedByUserId === null) return;
          const [proposer] = await tx
            .select({ email: users.email, name: users.name })
            .from(users)
            .where(eq(users.id, retailer.proposedByUserId));
          if (!proposer) return;
          const message = rejectionMail(proposer, retailer, reason);
          mail = { id: await mailer.queue(tx, message), message };
          return { mailedTo: proposer.email };
        },
      });
      deliverAfterCommit(mail, 'rejection');
      return detail;
    },

    /** Active → Blocked with the reason; every session of its users ends in the same transaction. */
    block: (request: FastifyRequest, retailerId: number, reason: string) =>
      changeStatus(request, retailerId, {
        from: 'Active',
        to: 'Blocked',
        reason,
        action: 'retailer.block',
        refusal: m.status.notActiveToBlock,
        after: async (tx, retailer, now) => ({ sessionsEnded: await revokeRetailerSessions(tx, retailer.id, now) }),
      }),

    /** Blocked → Active. */
    unblock: (request: FastifyRequest, retailerId: number) =>
      changeStatus(request, retailerId, {
        from: 'Blocked',
        to: 'Active',
        reason: null,
        action: 'retailer.unblock',
        refusal: m.status.notBlocked,
      }),
  };
}

function editableOf(r: Retailer): Editable {
  return Object.fromEntries(EDITABLE.map((field) => [field, r[field]])) as Editable;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** To the sales executive who proposed a retailer that an admin rejected: which one and why. */
function rejectionMail(to: { email: string; name: string }, retailer: Retailer, reason: string): MailMessage {
  const { name } = to;
  const subject = retailerMessages.mail.rejectedSubject(retailer.businessName);
  const text = [
    `Hello ${name},`,
    '',
    `The retailer you proposed, ${retailer.businessName} (${retailer.email}), was not approved.`,
    `Reason: ${reason}`,
    '',
    'If it can be put right (a GSTIN, an address), correct it with the shop and propose it again, or ask an admin.',
  ].join('\n');
  const html =
    `<p>Hello ${escapeHtml(name)},</p>` +
    `<p>The retailer you proposed, <strong>${escapeHtml(retailer.businessName)}</strong> (${escapeHtml(retailer.email)}), was not approved.</p>` +
    `<p>Reason: ${escapeHtml(reason)}</p>` +
    '<p>If it can be put right (a GSTIN, an address), correct it with the shop and propose it again, or ask an admin.</p>';
  return { to: to.email, subject, text, html };
}

export type RetailersService = ReturnType<typeof createRetailersService>;
