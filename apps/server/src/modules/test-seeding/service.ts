import { randomBytes, randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { messages } from '@frameport/domain/messages';
import type { Db } from '../../db/client.ts';
import { cities, countries, productColours, roles, states, users } from '../../db/schema.ts';
import { DEMO_LIMITS, DEMO_PASSWORDS, type RetailerSeed } from '../../db/seed/accounts.ts';
import { makeGstin } from '../../db/seed/gstin.ts';
import { insertRetailer } from '../../db/seed/retailers.ts';
import { AppError } from '../../http/errors.ts';
import { hashPassword } from '../../adapters/password-hash.ts';

/** The two states GST tells apart: the company's own (CGST + SGST) and another (IGST). */
export const TEST_PLACES = {
  '36': { cityCode: 'HYD', pinCode: '500016', address: '1 Test Street, Ameerpet' },
  '29': { cityCode: 'BLR', pinCode: '560003', address: '1 Test Street, Malleshwaram' },
} as const;
export type TestStateCode = keyof typeof TEST_PLACES;

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const letters = (count: number) => Array.from({ length: count }, () => LETTERS[randomInt(LETTERS.length)]).join('');

/**
 * Fresh accounts for the end-to-end tests, each test its own: a retailer like the demo ones
 * (written by the seed's own code, with the demo password and limits), and a sales executive to
 * link retailers to. Only registered with TEST_SEEDING=true, which a real server refuses (config.ts).
 */
export function createTestSeedingService({ db }: { db: Db }) {
  // One argon2 hash per password for the server's life: the tests make many accounts.
  const hashes = new Map<string, Promise<string>>();
  const hashOf = (password: string) => {
    if (!hashes.has(password)) hashes.set(password, hashPassword(password));
    return hashes.get(password)!;
  };

  async function salesExecutiveIdOf(userId: number) {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(and(eq(users.id, userId), eq(roles.code, 'salesexecutive')));
    if (!row) throw new AppError('not_found', messages.http.notFound);
    return row.id;
  }

  return {
    async createRetailer(input: { stateCode: TestStateCode; salesExecutiveUserId?: number }) {
      const tag = randomBytes(4).toString('hex');
      const place = TEST_PLACES[input.stateCode];
      const seed: RetailerSeed = {
        email: `retailer.${tag}@e2e.frameport.test`,
        businessName: `Test Opticals ${tag}`,
        firstName: 'Test',
        lastName: `Retailer ${tag}`,
        phone: `98${String(randomInt(10 ** 8)).padStart(8, '0')}`,
        address: place.address,
        stateCode: input.stateCode,
        cityCode: place.cityCode,
        pinCode: place.pinCode,
        linked: input.salesExecutiveUserId !== undefined,
        limits: DEMO_LIMITS,
      };
      // PAN: 3 letters, 'F' (firm), the business's initial, 4 digits, a letter (as the seed's).
      const pan = `${letters(3)}FT${randomInt(1000, 10000)}${letters(1)}`;
      const passwordHash = await hashOf(DEMO_PASSWORDS.retailer);
      const salesExecutiveUserId =
        input.salesExecutiveUserId === undefined ? undefined : await salesExecutiveIdOf(input.salesExecutiveUserId);
      const [row] = await db
        .select({ countryId: countries.id, stateId: states.id, cityId: cities.id })
        .from(cities)
        .innerJoin(states, eq(states.id, cities.stateId))
        .innerJoin(countries, eq(countries.id, states.countryId))
        .where(and(eq(states.stateCode, input.stateCode), eq(cities.code, place.cityCode)));
      if (!row) throw new AppError('not_found', messages.http.notFound);
      const ids = await db.transaction((tx) =>
        insertRetailer(tx, seed, row, { pan, gstin: makeGstin(input.stateCode, pan), passwordHash, salesExecutiveUserId }),
      );
      return {
        email: seed.email,
        password: DEMO_PASSWORDS.retailer,
        businessName: seed.businessName,
        phone: seed.phone,
        stateCode: input.stateCode,
        retailerId: ids.retailerId,
        userId: ids.userId,
      };
    },

    /**
     * Sets one colour's stock, as stock falls when other retailers' orders take it: a line already
     * in a cart is then above the stock left (the purchase order flags it on arrival).
     */
    async setStock(input: { productId: number; colorVariant: string; availableStockQuantity: number }) {
      const updated = await db
        .update(productColours)
        .set({ availableStockQuantity: input.availableStockQuantity })
        .where(and(eq(productColours.productId, input.productId), eq(productColours.colorVariant, input.colorVariant)))
        .returning({ id: productColours.id });
      if (updated.length === 0) throw new AppError('not_found', messages.http.notFound);
      return { availableStockQuantity: input.availableStockQuantity };
    },

    async createSalesExecutive() {
      const tag = randomBytes(4).toString('hex');
      const email = `sales.${tag}@e2e.frameport.test`;
      const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'salesexecutive'));
      if (!role) throw new AppError('not_found', messages.http.notFound);
      const [user] = await db
        .insert(users)
        .values({ email, passwordHash: await hashOf(DEMO_PASSWORDS.sales), roleId: role.id, name: `Test Sales ${tag}`, phoneNumber: '9000033333' })
        .returning({ id: users.id });
      return { email, password: DEMO_PASSWORDS.sales, userId: user!.id };
    },
  };
}

export type TestSeedingService = ReturnType<typeof createTestSeedingService>;
