import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  type ShippingAddress,
  type TokenResponse,
  type UnlockSignInResult,
  type UserProfile,
} from '@frameport/domain/contract';
import { contactPhrase, paiseToRupees, retailerMessages } from '@frameport/domain';
import { messages } from '@frameport/domain/messages';
import type { Clock } from '../../clock.ts';
import { recordAudit } from '../../db/audit.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  cities,
  countries,
  retailers,
  roles,
  salesExecutiveRetailers,
  sessions,
  shippingAddresses,
  states,
  users,
} from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { ActingContext, Identity } from '../../http/identity.ts';
import { hashPassword, verifyPassword } from '../../adapters/password-hash.ts';
import { retailerContact } from '../retailers/service.ts';
import { hashToken } from './tokens.ts';
import {
  admit,
  clearAccount,
  giveBack,
  isKnownAddress,
  passwordVerifications,
  QueueFullError,
  rememberAddress,
  settleSuccess,
  signInKeys,
  signInRules,
} from './throttle.ts';

export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
export const REMEMBER_ME_TTL_MS = 30 * SESSION_TTL_MS;
/** Thrown by signIn; the route answers it in the OAuth shape `{ error, error_description }`. */
export class TokenError extends Error {
  constructor(
    readonly status: 400 | 401 | 429 | 503,
    readonly error: string,
    readonly description: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(description);
    this.name = 'TokenError';
  }
}

export { hashToken } from './tokens.ts';
/** The welcome link of a new retailer's user (approval, creation on the desk). */
export { queueWelcome, type QueuedMail } from './passwords.ts';
/** Whether an account is locked out by failed sign-ins (the desk's user list). */
export { isAccountLocked } from './throttle.ts';

/**
 * Ends every open session of the retailer's users at once (blocking a shop), in the caller's
 * transaction; returns how many were open.
 */
export async function revokeRetailerSessions(tx: DbOrTx, retailerId: number, now: Date): Promise<number> {
  const revoked = await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        isNull(sessions.revokedAt),
        inArray(sessions.userId, tx.select({ id: users.id }).from(users).where(eq(users.retailerId, retailerId))),
      ),
    )
    .returning({ id: sessions.id });
  return revoked.length;
}

export type SignInInput = {
  username: string;
  password: string;
  rememberMe: boolean;
  ip: string;
  userAgent: string | undefined;
};

export type AccountServiceDeps = { db: Db; clock: Clock };

export function createAccountService({ db, clock }: AccountServiceDeps) {
  // Verifying against a real hash for unknown users keeps both answers equally slow.
  const dummyHash = hashPassword(randomBytes(16).toString('hex'));

  /**
   * The attempt is counted (or refused) before the password is verified, and the verification
   * waits its turn in the process's queue; see throttle.ts.
   */
  async function signIn(input: SignInInput): Promise<TokenResponse> {
    const now = clock.now();
    const email = input.username.trim().toLowerCase();
    const [user] = await db
      .select({
        id: users.id,
        email: users.email,
        passwordHash: users.passwordHash,
        isActive: users.isActive,
        retailerId: users.retailerId,
        retailerStatus: retailers.status,
      })
      .from(users)
      .leftJoin(retailers, eq(retailers.id, users.retailerId))
      .where(eq(sql`lower(${users.email})`, email))
      .limit(1);
    const known = user ? await isKnownAddress(db, user.id, input.ip, now) : false;
    const admission = await admit(db, now, signInRules(email, input.ip, known));
    if (!admission.allowed) {
      const accountWide = admission.refusedBy.key === signInKeys.account(email);
      throw new TokenError(
        429,
        'too_many_attempts',
        accountWide ? messages.login.accountThrottled : messages.login.tooManyAttempts,
        admission.retryAfterSeconds,
      );
    }

    let passwordOk: boolean;
    try {
      passwordOk = await passwordVerifications.run(email, async () =>
        verifyPassword(user?.passwordHash ?? (await dummyHash), input.password),
      );
    } catch (error) {
      if (!(error instanceof QueueFullError)) throw error;
      // Never verified: the attempt does not count against the caller.
      await giveBack(db, admission.counted);
      throw new TokenError(503, 'temporarily_unavailable', messages.login.busy, 1);
    }
    if (!user || !user.isActive || !passwordOk) {
      throw new TokenError(400, 'invalid_grant', messages.login.badCredentials);
    }
    // A shop not (or no longer) Active: told why only with the right password, so nobody learns a shop's standing.
    if (user.retailerId !== null && user.retailerStatus !== null && user.retailerStatus !== 'Active') {
      throw new TokenError(400, 'invalid_grant', await notActiveText(user.retailerId, user.retailerStatus));
    }

    const token = randomBytes(32).toString('base64url');
    const ttl = input.rememberMe ? REMEMBER_ME_TTL_MS : SESSION_TTL_MS;
    const expiresAt = new Date(now.getTime() + ttl);
    await db.transaction(async (tx) => {
      await tx.insert(sessions).values({
        userId: user.id,
        tokenHash: hashToken(token),
        rememberMe: input.rememberMe,
        createdAt: now,
        expiresAt,
        ip: input.ip,
        userAgent: input.userAgent?.slice(0, 300) ?? null,
      });
      await tx.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
      // This address may try again freely, and the attempt is not held against the account or the address.
      await settleSuccess(tx, admission.counted, signInKeys.pair(email, input.ip));
      await rememberAddress(tx, user.id, input.ip, now);
    });
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: Math.floor(ttl / 1000),
      userName: user.email,
      '.issued': now.toUTCString(),
      '.expires': expiresAt.toUTCString(),
    };
  }

  async function notActiveText(retailerId: number, status: 'Pending' | 'Blocked' | 'Rejected'): Promise<string> {
    if (status === 'Pending') return retailerMessages.signIn.pending;
    if (status === 'Rejected') return retailerMessages.signIn.rejected;
    return retailerMessages.signIn.blocked(contactPhrase(await retailerContact(db, retailerId)));
  }

  // Runs on every authenticated request: prepared once (built once by drizzle, parsed once per
  // connection by PostgreSQL).
  const sessionByToken = db
    .select({
      userId: users.id,
      sessionId: sessions.id,
      email: users.email,
      name: users.name,
      role: roles.code,
      retailerId: users.retailerId,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(retailers, eq(retailers.id, users.retailerId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        eq(users.isActive, true),
        // A blocked shop's sessions are revoked when it is blocked; this holds even for one that slipped past.
        or(isNull(users.retailerId), eq(retailers.status, 'Active')),
      ),
    )
    .limit(1)
    .prepare('session_by_token');

  async function authenticate(token: string): Promise<Identity | null> {
    const [row] = await sessionByToken.execute({ tokenHash: hashToken(token), now: clock.now() });
    return row ?? null;
  }

  /**
   * An admin forgets every sign-in counter of an account (its own, its pairs with each address, its
   * reset requests), so its owner can sign in from anywhere at once; who did it and when is audited.
   */
  async function unlockSignIn(admin: Identity, userId: number, ip: string): Promise<UnlockSignInResult> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
      if (!user) throw new AppError('not_found', messages.login.accountNotFound);
      const countersCleared = await clearAccount(tx, user.email.toLowerCase());
      await recordAudit(tx, {
        actorUserId: admin.userId,
        action: 'account.unlockSignIn',
        entity: 'user',
        entityId: String(userId),
        details: { email: user.email, countersCleared },
        ip,
        at: now,
      });
      return { message: messages.login.unlocked(user.email), UserId: userId, Email: user.email, countersCleared };
    });
  }

  async function signOut(identity: Identity): Promise<void> {
    await db.update(sessions).set({ revokedAt: clock.now() }).where(eq(sessions.id, identity.sessionId));
  }

  /**
   * The retailer a call acts for. A retailer acts for itself (its own email or none);
   * a sales executive for a linked retailer named by email; an admin for any retailer.
   * Anything else is 403. Returns null when no retailer is involved (a sales executive
   * or admin without an email).
   */
  /**
   * The retailer a call acts for. `named` is what the request named: an email (`email` / `Email`,
   * spec section 6) and/or a retailer id (`RetailerID` of the back-office calls). A retailer acts
   * only for itself; a sales executive for a linked retailer; an admin for any; anything else 403.
   * Staff who named nobody act for nobody (null).
   */
  async function resolveActing(
    identity: Identity,
    named: { email?: string | undefined; retailerId?: number | undefined },
  ): Promise<ActingContext | null> {
    const wanted = named.email?.trim().toLowerCase() || null;
    const wantedId = named.retailerId ?? null;
    if (identity.role === 'retailer') {
      if (identity.retailerId === null) throw new AppError('forbidden', messages.http.forbidden);
      if (wanted !== null && wanted !== identity.email.toLowerCase()) {
        throw new AppError('forbidden', messages.http.forbidden);
      }
      if (wantedId !== null && wantedId !== identity.retailerId) throw new AppError('forbidden', messages.http.forbidden);
      return { identity, retailerId: identity.retailerId, retailerEmail: identity.email, onBehalf: false };
    }
    if (wanted === null && wantedId === null) return null;
    const [retailer] = await db
      .select({ id: retailers.id, email: retailers.email, status: retailers.status, linkedTo: salesExecutiveRetailers.salesExecutiveUserId })
      .from(retailers)
      .leftJoin(
        salesExecutiveRetailers,
        and(
          eq(salesExecutiveRetailers.retailerId, retailers.id),
          eq(salesExecutiveRetailers.salesExecutiveUserId, identity.userId),
        ),
      )
      .where(wanted !== null ? eq(sql`lower(${retailers.email})`, wanted) : eq(retailers.id, wantedId!))
      .limit(1);
    const allowed = retailer && (identity.role === 'admin' || retailer.linkedTo === identity.userId);
    if (!retailer || !allowed) throw new AppError('forbidden', messages.http.forbidden);
    // Both named: they must name the same retailer.
    if (wantedId !== null && retailer.id !== wantedId) throw new AppError('forbidden', messages.http.forbidden);
    // A sales executive acts only for an Active shop (not one waiting for approval, blocked or rejected).
    if (identity.role !== 'admin' && retailer.status !== 'Active') {
      throw new AppError('forbidden', retailerMessages.status.notActiveForActing(retailer.status));
    }
    return { identity, retailerId: retailer.id, retailerEmail: retailer.email, onBehalf: true };
  }

  /** Writes who did what for whom, for every call done on behalf of a retailer (see http/acting.ts). */
  async function recordOnBehalf(
    acting: ActingContext,
    entry: { action: string; details?: Record<string, unknown>; ip?: string },
  ): Promise<void> {
    if (!acting.onBehalf) return;
    await recordAudit(db, {
      actorUserId: acting.identity.userId,
      onBehalfOfRetailerId: acting.retailerId,
      action: entry.action,
      details: entry.details,
      ip: entry.ip,
      at: clock.now(),
    });
  }

  async function shippingAddressesOf(retailerId: number): Promise<ShippingAddress[]> {
    const rows = await db
      .select({
        ShippingAddressId: shippingAddresses.id,
        Address: shippingAddresses.address,
        City: cities.name,
        CountryName: countries.name,
        StateName: states.name,
        Pin: shippingAddresses.pin,
        FirstName: shippingAddresses.firstName,
        LastName: shippingAddresses.lastName,
        EnValue: shippingAddresses.enValue,
        Phone: shippingAddresses.phone,
        CountryId: shippingAddresses.countryId,
        StateMasterId: shippingAddresses.stateId,
      })
      .from(shippingAddresses)
      .innerJoin(cities, eq(cities.id, shippingAddresses.cityId))
      .innerJoin(states, eq(states.id, shippingAddresses.stateId))
      .innerJoin(countries, eq(countries.id, shippingAddresses.countryId))
      .where(eq(shippingAddresses.retailerId, retailerId))
      .orderBy(sql`${shippingAddresses.isDefault} desc`, asc(shippingAddresses.id));
    return rows;
  }

  /**
   * The spec's UserProfile: the signed-in user, or, when acting for a retailer, that
   * retailer's login user with the retailer's business details and limits.
   */
  async function getUserProfile(identity: Identity, acting: ActingContext | null): Promise<UserProfile> {
    const subject = acting ? eq(users.retailerId, acting.retailerId) : eq(users.id, identity.userId);
    const [row] = await db
      .select({
        user: {
          id: users.id,
          email: users.email,
          name: users.name,
          phoneNumber: users.phoneNumber,
          alternatePhoneNumber: users.alternatePhoneNumber,
          profilePictureUrl: users.profilePictureUrl,
          roleId: users.roleId,
          retailerId: users.retailerId,
        },
        roleName: roles.name,
        retailer: {
          businessName: retailers.businessName,
          address: retailers.address,
          pinCode: retailers.pinCode,
          pan: retailers.pan,
          gstin: retailers.gstin,
          stateId: retailers.stateId,
          countryId: retailers.countryId,
          maxLimitPerVariant: retailers.maxLimitPerVariant,
          maxOrderQuantity: retailers.maxOrderQuantity,
          maxOrderValuePaise: retailers.maxOrderValuePaise,
        },
        cityName: cities.name,
        stateName: states.name,
        countryName: countries.name,
      })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .leftJoin(retailers, eq(retailers.id, users.retailerId))
      .leftJoin(cities, eq(cities.id, retailers.cityId))
      .leftJoin(states, eq(states.id, retailers.stateId))
      .leftJoin(countries, eq(countries.id, retailers.countryId))
      .where(subject)
      .limit(1);
    if (!row) throw new AppError('not_found', messages.login.accountNotFound);
    const { user, retailer } = row;
    return {
      BusinessName: retailer?.businessName ?? null,
      UserId: user.id,
      RetailerID: user.retailerId,
      UserName: user.email,
      Name: user.name,
      PhoneNumber: user.phoneNumber,
      AlternatePhoneNumber: user.alternatePhoneNumber,
      Email: user.email,
      Address: retailer?.address ?? null,
      City: row.cityName,
      StateId: retailer?.stateId ?? null,
      StateName: row.stateName,
      CountryId: retailer?.countryId ?? null,
      CountryName: row.countryName,
      PinCode: retailer?.pinCode ?? null,
      ProfilePictureUrl: user.profilePictureUrl,
      PAN: retailer?.pan ?? null,
      GSTIN: retailer?.gstin ?? null,
      RoleID: user.roleId,
      RoleName: row.roleName,
      shippingAddressResponse: user.retailerId === null ? [] : await shippingAddressesOf(user.retailerId),
      MaxLimitPerVariant: retailer?.maxLimitPerVariant ?? null,
      MaxOrderQuantity: retailer?.maxOrderQuantity ?? null,
      MaxOrderValue: retailer ? paiseToRupees(retailer.maxOrderValuePaise) : null,
    };
  }

  return { signIn, unlockSignIn, authenticate, signOut, resolveActing, recordOnBehalf, getUserProfile };
}

export type AccountService = ReturnType<typeof createAccountService>;

/** The sign-in throttle's limits, for the staff desk's "sign-in locked" flag (modules/staff). */
export { ACCOUNT_IDLE_RESET_MS, ACCOUNT_LIMIT, PAIR_LIMIT, PAIR_WINDOW_MS } from './throttle.ts';
