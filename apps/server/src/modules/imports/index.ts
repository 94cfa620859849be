import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ImportKind } from '@frameport/domain';
import type { FileStore } from '../../adapters/storage.ts';
import type { Db } from '../../db/client.ts';
import { importJobs, productColours, products, roles, users } from '../../db/schema.ts';
import type { Identity } from '../../http/identity.ts';
import type { AppModule, ModuleDeps } from '../module-deps.ts';
import { schedulePrice } from '../prices/service.ts';
import { setStockLevel } from '../stock/service.ts';
import type { UploadService } from '../uploads/service.ts';
import { openZipImages, readStored } from './files.ts';
import { catalogueHandler } from './kind-catalogue.ts';
import { pricesHandler } from './kind-prices.ts';
import { stockHandler } from './kind-stock.ts';
import type { KindHandler } from './kinds.ts';
import { importRoutes } from './routes.ts';
import { createImportService, type ImportService } from './service.ts';
import { createImportWorker, type ImportWorker } from './worker.ts';

/**
 * What each kind of import does, writing through the modules that own the tables: styles through
 * products (loadMasters / planStyleOver / applyStyles), stock levels through stock (setStockLevel),
 * prices through prices (schedulePrice), images through uploads (content checks, WebP sizes).
 */
export function importHandlers({ db, store, uploads }: { db: Db; store: FileStore; uploads: UploadService }): Record<ImportKind, KindHandler> {
  async function identityOf(userId: number): Promise<Identity> {
    const [user] = await db
      .select({ userId: users.id, email: users.email, name: users.name, role: roles.code })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(eq(users.id, userId));
    if (!user) throw new Error(`import: user ${userId} not found`);
    return { ...user, sessionId: 0, retailerId: null };
  }
  return {
    catalogue: catalogueHandler({
      db,
      setStockLevel,
      async uploadImage({ actorUserId, productColourId, imageType, priority, image }) {
        // The uploads service checks that the colour belongs to the product code it is given.
        const [colour] = await db
          .select({ productCode: products.productCode })
          .from(productColours)
          .innerJoin(products, eq(products.id, productColours.productId))
          .where(eq(productColours.id, productColourId));
        if (!colour) throw new Error(`import: product colour ${productColourId} not found`);
        const stored = await uploads.uploadProductImage(await identityOf(actorUserId), {
          productCode: colour.productCode,
          productColourId,
          priority,
          imageType,
          image,
        });
        return { url: stored.url };
      },
      async readZip(jobId) {
        const [job] = await db.select({ zipKey: importJobs.zipKey }).from(importJobs).where(eq(importJobs.id, jobId));
        return job?.zipKey ? openZipImages(await readStored(store, job.zipKey)) : null;
      },
    }),
    stock: stockHandler(setStockLevel),
    prices: pricesHandler(schedulePrice),
  };
}

/**
 * Spreadsheet imports and the catalogue export: the routes, and a worker in every process that
 * runs the jobs (IMPORT_POLL_MS; 0 turns the poll off, tests then run a worker by hand).
 */
export function createImportsModule(
  { db, clock, config, fileStore, logger }: ModuleDeps,
  { uploads }: { uploads: UploadService },
): AppModule<{ imports: ImportService; worker: ImportWorker }> {
  const imports = createImportService({ db, clock, store: fileStore });
  const worker = createImportWorker({ db, clock, store: fileStore, logger, handlers: importHandlers({ db, store: fileStore, uploads }) });
  const pollMs = config.importPollMs;
  // After an upload or an apply the worker looks at once instead of at its next poll.
  const kick = () => {
    if (pollMs > 0) void worker.kick();
  };
  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(importRoutes, { imports, db, clock, kick });
    if (pollMs > 0) app.addHook('onReady', async () => worker.start(pollMs));
    app.addHook('onClose', async () => worker.stop());
  };
  return { service: { imports, worker }, plugin };
}
