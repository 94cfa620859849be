/**
 * The profile and the lists around it: updateUserProfile (contact fields, picture), the
 * geography lists and the retailers a sales executive may act for.
 *
 * updateUserProfile changes only name, phones and picture; the email in its body must be the
 * current one (it changes through ChangeEmail, email-change.ts), and business name, PAN, GSTIN and
 * the address are not in its body. A picture is checked by its content, re-encoded (square WebP,
 * no metadata) and stored before the one transaction that writes the user; if that fails, the
 * file it created is removed again.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import {
  PROFILE_PICTURE_MAX_BYTES,
  type City,
  type Country,
  type RetailerListItem,
  type State,
  type UpdateUserProfileBody,
  type UserProfile,
} from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { imageMessages } from '@frameport/domain/messages/images';
import { ProfileContactSchema } from '@frameport/domain';
import type { FileStore } from '../../adapters/storage.ts';
import type { Db } from '../../db/client.ts';
import { cities, countries, retailers, salesExecutiveRetailers, states, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { ActingContext, Identity } from '../../http/identity.ts';
import { MAX_INPUT_PIXELS, contentStem, inspectImage } from '../../adapters/images.ts';
import { MEDIA_UPLOADS_PREFIX, WEBP_CONTENT_TYPE } from '../uploads/service.ts';
import type { AccountService } from './service.ts';

export const PROFILE_PICTURE_SIZE = 256;
const PROFILE_PICTURE_QUALITY = 80;
const DATA_URL_PREFIX = /^data:[^,]{0,100};base64,/i;
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** 'profiles/ab/<24 hex>-avatar.webp': content-addressed like the other uploads. */
export function profilePictureKey(stem: string): string {
  return `profiles/${stem.slice(0, 2)}/${stem}-avatar.webp`;
}

/** The bytes of a base64 picture (bare or a data: URL); malformed text or an oversized image is 400. */
export function decodePicture(text: string): Buffer {
  const base64 = text.trim().replace(DATA_URL_PREFIX, '').replace(/\s+/g, '');
  if (base64 === '' || !BASE64.test(base64)) throw new AppError('invalid', imageMessages.notAnImage);
  const bytes = Buffer.from(base64, base64.includes('-') || base64.includes('_') ? 'base64url' : 'base64');
  if (bytes.length > PROFILE_PICTURE_MAX_BYTES) throw new AppError('invalid', messages.profile.pictureTooLarge);
  return bytes;
}

/** PNG, JPEG or WebP only (by content), turned upright, cropped to a square and written as WebP. */
export async function encodeProfilePicture(bytes: Buffer): Promise<Buffer> {
  await inspectImage(bytes);
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 })
      .rotate()
      .resize(PROFILE_PICTURE_SIZE, PROFILE_PICTURE_SIZE, { fit: 'cover' })
      .webp({ quality: PROFILE_PICTURE_QUALITY })
      .toBuffer();
  } catch {
    throw new AppError('invalid', imageMessages.notAnImage);
  }
}

export type ProfileServiceDeps = {
  db: Db;
  store: FileStore;
  account: Pick<AccountService, 'getUserProfile'>;
};

export type ProfileUpdate = { profile: UserProfile; changed: string[] };

export function createProfileService({ db, store, account }: ProfileServiceDeps) {
  /** The picture's new URL: '' removes it (null), a new image is stored; undefined keeps it. */
  async function storePicture(
    picture: string | null | undefined,
  ): Promise<{ url: string | null | undefined; createdKey: string | null }> {
    if (picture === undefined || picture === null) return { url: undefined, createdKey: null };
    if (picture.trim() === '') return { url: null, createdKey: null };
    const encoded = await encodeProfilePicture(decodePicture(picture));
    const key = profilePictureKey(contentStem([{ bytes: encoded, width: PROFILE_PICTURE_SIZE, height: PROFILE_PICTURE_SIZE }]));
    const { created } = await store.put(key, encoded, WEBP_CONTENT_TYPE);
    return { url: `${MEDIA_UPLOADS_PREFIX}/${key}`, createdKey: created ? key : null };
  }

  /**
   * Updates the caller's own profile, or (acting on behalf) the retailer's login user. Replaced
   * pictures stay in the store: files are shared by content, so another user may show the same one.
   */
  async function updateUserProfile(
    identity: Identity,
    acting: ActingContext | null,
    body: UpdateUserProfileBody,
  ): Promise<ProfileUpdate> {
    const parsed = ProfileContactSchema.safeParse({
      name: body.name,
      phoneNumber: body.phoneNumber,
      alternatePhoneNumber: body.alternatePhoneNumber ?? '',
      email: body.email,
    });
    if (!parsed.success) throw new AppError('invalid', parsed.error.issues[0]?.message ?? messages.http.invalidInput);
    const contact = parsed.data;
    const subject = acting ? eq(users.retailerId, acting.retailerId) : eq(users.id, identity.userId);

    const picture = await storePicture(body.profilePicture);
    try {
      const changed = await db.transaction(async (tx) => {
        const [user] = await tx
          .select({
            id: users.id,
            email: users.email,
            name: users.name,
            phoneNumber: users.phoneNumber,
            alternatePhoneNumber: users.alternatePhoneNumber,
            profilePictureUrl: users.profilePictureUrl,
            retailerId: users.retailerId,
          })
          .from(users)
          .where(subject)
          .for('update');
        if (!user) throw new AppError('not_found', messages.login.accountNotFound);

        // The email is the sign-in name and where password resets go: it changes only through
        // ChangeEmail (current password, confirmed from the new mailbox, see email-change.ts). The
        // body still carries it (the spec's client sends the whole form), so the same email in any
        // letter case is accepted and left as stored.
        if (contact.email.toLowerCase() !== user.email.toLowerCase()) {
          throw acting?.onBehalf
            ? new AppError('forbidden', messages.profile.emailOnBehalf)
            : new AppError('invalid', messages.profile.emailChangeNeedsConfirmation);
        }

        const next = {
          name: contact.name,
          phoneNumber: contact.phoneNumber,
          alternatePhoneNumber: contact.alternatePhoneNumber === '' ? null : contact.alternatePhoneNumber,
          ...(picture.url === undefined ? {} : { profilePictureUrl: picture.url }),
        };
        await tx.update(users).set(next).where(eq(users.id, user.id));
        return (Object.keys(next) as (keyof typeof next)[]).filter((field) => next[field] !== user[field]);
      });
      return { profile: await account.getUserProfile(identity, acting), changed };
    } catch (error) {
      if (picture.createdKey) await store.delete(picture.createdKey).catch(() => undefined);
      throw error;
    }
  }

  async function getCountries(): Promise<Country[]> {
    return db
      .select({ CountryId: countries.id, CountryCode: countries.code, CountryName: countries.name })
      .from(countries)
      .orderBy(asc(countries.name), asc(countries.id));
  }

  async function getStates(countryId: number): Promise<State[]> {
    return db
      .select({
        StateID: states.id,
        CountryId: states.countryId,
        StateCode: states.stateCode,
        StateName: states.name,
        TIN: states.tin,
      })
      .from(states)
      .where(eq(states.countryId, countryId))
      .orderBy(asc(states.name), asc(states.id));
  }

  async function getCities(stateId: number): Promise<City[]> {
    return db
      .select({ CityMasterID: cities.id, StateMasterID: cities.stateId, CityCode: cities.code, CityName: cities.name })
      .from(cities)
      .where(eq(cities.stateId, stateId))
      .orderBy(asc(cities.name), asc(cities.id));
  }

  /** The active retailers a sales executive is linked to, or every active one for an admin. */
  async function getRetailersList(identity: Identity): Promise<RetailerListItem[]> {
    if (identity.role !== 'admin' && identity.role !== 'salesexecutive') throw new AppError('forbidden', messages.http.forbidden);
    const linkedOnly =
      identity.role === 'admin'
        ? undefined
        : inArray(
            retailers.id,
            db
              .select({ id: salesExecutiveRetailers.retailerId })
              .from(salesExecutiveRetailers)
              .where(eq(salesExecutiveRetailers.salesExecutiveUserId, identity.userId)),
          );
    return db
      .select({
        Id: retailers.id,
        BusinessName: retailers.businessName,
        FirstName: retailers.firstName,
        LastName: retailers.lastName,
        Email: retailers.email,
        City: cities.name,
        StateName: states.name,
      })
      .from(retailers)
      .leftJoin(cities, eq(cities.id, retailers.cityId))
      .leftJoin(states, eq(states.id, retailers.stateId))
      .where(and(eq(retailers.status, 'Active'), linkedOnly))
      .orderBy(asc(sql`lower(${retailers.businessName})`), asc(retailers.id));
  }

  return { updateUserProfile, getCountries, getStates, getCities, getRetailersList };
}

export type ProfileService = ReturnType<typeof createProfileService>;
