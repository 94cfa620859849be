/** Banners, read by the catalogue (getBanners) and the public login page (content: getLoginBanners). */
import { and, asc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Banner, BannerKind } from '@frameport/domain/contract';
import type { Db } from '../../db/client.ts';
import { banners, users } from '../../db/schema.ts';
import { toBanner } from './to-contract.ts';

const createdBy = alias(users, 'created_by');
const modifiedBy = alias(users, 'modified_by');

const FLAG_OF: Record<BannerKind, SQL> = {
  Home: eq(banners.isHomeBanner, true),
  Login: eq(banners.isLoginBanner, true),
  NewArrival: eq(banners.isNewArrivalBanner, true),
  Material: eq(banners.isMaterialBanner, true),
  PriceRange: eq(banners.isPriceRangeBanner, true),
  Frame: eq(banners.isFrameBanner, true),
  Color: eq(banners.isColourBanner, true),
};

/** Active banners of one kind (every active banner when no kind), in their display order. */
export async function listBanners(db: Db, kind: BannerKind | undefined): Promise<Banner[]> {
  const rows = await db
    .select({
      id: banners.id,
      title: banners.title,
      imageUrl: banners.imageUrl,
      imageName: banners.imageName,
      mobileImageUrl: banners.mobileImageUrl,
      createdOn: banners.createdOn,
      createdBy: createdBy.name,
      modifiedOn: banners.modifiedOn,
      modifiedBy: modifiedBy.name,
      isHomeBanner: banners.isHomeBanner,
      isLoginBanner: banners.isLoginBanner,
      isNewArrivalBanner: banners.isNewArrivalBanner,
      isMaterialBanner: banners.isMaterialBanner,
      isPriceRangeBanner: banners.isPriceRangeBanner,
      isFrameBanner: banners.isFrameBanner,
      isColourBanner: banners.isColourBanner,
    })
    .from(banners)
    .leftJoin(createdBy, eq(createdBy.id, banners.createdByUserId))
    .leftJoin(modifiedBy, eq(modifiedBy.id, banners.modifiedByUserId))
    .where(and(eq(banners.isActive, true), kind ? FLAG_OF[kind] : undefined))
    .orderBy(asc(banners.sortOrder), asc(banners.id));
  return rows.map(toBanner);
}
