/**
 * The back office's banners (issue 17, item 9), beside the upload that creates them
 * (POST /api/Home/uploadBanner in routes.ts):
 *
 *   GET    /api/admin/banners       every banner, active or not, with its section flags, in display order
 *   PATCH  /api/admin/banners/:id   title, section flags, sort order, active
 *   DELETE /api/admin/banners/:id   the banner goes (its stored images stay: they are content-addressed)
 *
 * Admin only. Each change is one transaction with its audit row (before and after). The catalogue's
 * banner reads (getBanners, getLoginBanners) are not cached, so the next read shows the change.
 */
import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, ok, BANNER_KINDS, type BannerKind } from '@frameport/domain/contract';
import {
  AdminBannerPatchSchema,
  AdminBannerSchema,
  AdminBannersResponseSchema,
  BannerIdParamsSchema,
  DeletedBannerSchema,
  type AdminBanner,
  type AdminBannerPatch,
} from '@frameport/domain/contract/admin-content';
import { uploadMessages } from '@frameport/domain/messages/uploads';
import type { Clock } from '../../clock.ts';
import { recordAudit } from '../../db/audit.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { banners, users } from '../../db/schema.ts';
import { requireIdentity, requireRole } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';

/** The banners table's column of each kind. */
const COLUMN_OF = {
  Home: 'isHomeBanner',
  Login: 'isLoginBanner',
  NewArrival: 'isNewArrivalBanner',
  Material: 'isMaterialBanner',
  PriceRange: 'isPriceRangeBanner',
  Frame: 'isFrameBanner',
  Color: 'isColourBanner',
} as const satisfies Record<BannerKind, string>;

const modifiedBy = alias(users, 'banner_modified_by');

async function readBanners(dbx: DbOrTx, id?: number): Promise<AdminBanner[]> {
  const rows = await dbx
    .select({ banner: banners, modifiedBy: modifiedBy.name })
    .from(banners)
    .leftJoin(modifiedBy, eq(modifiedBy.id, banners.modifiedByUserId))
    .where(id === undefined ? undefined : eq(banners.id, id))
    .orderBy(asc(banners.sortOrder), asc(banners.id));
  return rows.map(({ banner, modifiedBy: by }) => ({
    id: banner.id,
    title: banner.title,
    imageUrl: banner.imageUrl,
    mobileImageUrl: banner.mobileImageUrl,
    flags: Object.fromEntries(BANNER_KINDS.map((kind) => [kind, banner[COLUMN_OF[kind]]])) as AdminBanner['flags'],
    sortOrder: banner.sortOrder,
    isActive: banner.isActive,
    createdAt: banner.createdOn.toISOString(),
    modifiedAt: banner.modifiedOn.toISOString(),
    modifiedBy: by,
  }));
}

/** What an audit row keeps of a banner: what staff can change here. */
const auditView = (banner: AdminBanner) => ({
  title: banner.title,
  flags: banner.flags,
  sortOrder: banner.sortOrder,
  isActive: banner.isActive,
  imageUrl: banner.imageUrl,
});

export function createBannerAdmin({ db, clock }: { db: Db; clock: Clock }) {
  async function list(): Promise<AdminBanner[]> {
    return readBanners(db);
  }

  async function update(actorUserId: number, id: number, patch: AdminBannerPatch): Promise<AdminBanner> {
    return db.transaction(async (tx) => {
      const [before] = await readBanners(tx, id);
      if (!before) throw new AppError('not_found', uploadMessages.bannerNotFound);
      const set: Partial<typeof banners.$inferInsert> = {};
      if (patch.title !== undefined) set.title = patch.title;
      if (patch.sortOrder !== undefined) set.sortOrder = patch.sortOrder;
      if (patch.isActive !== undefined) set.isActive = patch.isActive;
      for (const kind of BANNER_KINDS) {
        const value = patch.flags?.[kind];
        if (value !== undefined) set[COLUMN_OF[kind]] = value;
      }
      await tx
        .update(banners)
        .set({ ...set, modifiedByUserId: actorUserId, modifiedOn: clock.now() })
        .where(eq(banners.id, id));
      const [after] = await readBanners(tx, id);
      if (!after) throw new AppError('not_found', uploadMessages.bannerNotFound);
      await recordAudit(tx, {
        actorUserId,
        action: 'update_banner',
        entity: 'banner',
        entityId: String(id),
        details: { before: auditView(before), after: auditView(after) },
        at: clock.now(),
      });
      return after;
    });
  }

  async function remove(actorUserId: number, id: number): Promise<{ id: number; deleted: true }> {
    return db.transaction(async (tx) => {
      const [before] = await readBanners(tx, id);
      if (!before) throw new AppError('not_found', uploadMessages.bannerNotFound);
      await tx.delete(banners).where(eq(banners.id, id));
      await recordAudit(tx, {
        actorUserId,
        action: 'delete_banner',
        entity: 'banner',
        entityId: String(id),
        details: { before: auditView(before), after: null },
        at: clock.now(),
      });
      return { id, deleted: true as const };
    });
  }

  return { list, update, remove };
}

export type BannerAdmin = ReturnType<typeof createBannerAdmin>;

export const bannerAdminRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (app, { db, clock }) => {
  const bannerAdmin = createBannerAdmin({ db, clock });

  app.get(
    '/api/admin/banners',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags: ['Admin'],
        summary: 'Every banner, active or not, with its section flags (admin)',
        description:
          'In display order (sort order, then id). flags: the sections the banner shows in (Home, Login, NewArrival, Material, ' +
          'PriceRange, Frame, Color). New banners and new images: POST /api/Home/uploadBanner.',
        response: { 200: envelopeOf(AdminBannersResponseSchema) },
      },
    },
    async () => ok({ banners: await bannerAdmin.list() }),
  );

  app.patch(
    '/api/admin/banners/:id',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags: ['Admin'],
        summary: "Change a banner's title, sections, sort order or whether it is shown (admin)",
        description: 'Only the fields sent change; flags changes only the kinds it names. Audited (before and after). Answers the banner as it now is.',
        params: BannerIdParamsSchema,
        body: AdminBannerPatchSchema,
        response: { 200: envelopeOf(AdminBannerSchema) },
      },
    },
    async (request) => ok(await bannerAdmin.update(requireIdentity(request).userId, request.params.id, request.body)),
  );

  app.delete(
    '/api/admin/banners/:id',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags: ['Admin'],
        summary: 'Delete a banner (admin)',
        description: 'The banner leaves every section at once. Audited with what it was.',
        params: BannerIdParamsSchema,
        response: { 200: envelopeOf(DeletedBannerSchema) },
      },
    },
    async (request) => ok(await bannerAdmin.remove(requireIdentity(request).userId, request.params.id)),
  );
};
