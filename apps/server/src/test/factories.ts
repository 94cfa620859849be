import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  brands,
  cities,
  colours,
  corporateDetails,
  countries,
  invoices,
  orders,
  productColours,
  products,
  productTypes,
  retailers,
  ROLE_IDS,
  ROLE_ROWS,
  roles,
  salesExecutiveRetailers,
  shippingAddresses,
  states,
  users,
} from '../db/schema.ts';
import { COMPANY, CORPORATE_DETAILS_ROW, TAX_BY_TYPE } from '../db/seed/reference.ts';
import { hashPassword } from '../adapters/password-hash.ts';
import type { App } from '../app.ts';

/** Small factories with overrides: each test makes the data it needs, nothing shared. */

const STATES = {
  '36': { name: 'Telangana', city: 'Hyderabad', pin: '500001' },
  '29': { name: 'Karnataka', city: 'Bengaluru', pin: '560001' },
} as const;
export type TestStateCode = keyof typeof STATES;

function unique(prefix: string) {
  return `${prefix}.${randomBytes(4).toString('hex')}@example.test`;
}

export async function ensureReferenceData(db: Db) {
  await db
    .insert(roles)
    .values(ROLE_ROWS)
    .onConflictDoNothing();
  await db.insert(countries).values({ code: 'IN', name: 'India' }).onConflictDoNothing();
  const [india] = await db.select().from(countries).where(eq(countries.code, 'IN'));
  if (!india) throw new Error('country IN missing');
  for (const [code, state] of Object.entries(STATES)) {
    await db
      .insert(states)
      .values({ countryId: india.id, name: state.name, stateCode: code, tin: code })
      .onConflictDoNothing();
    const [row] = await db.select().from(states).where(eq(states.stateCode, code));
    if (!row) throw new Error(`state ${code} missing`);
    await db
      .insert(cities)
      .values({ stateId: row.id, code: state.city.slice(0, 3).toUpperCase(), name: state.city })
      .onConflictDoNothing();
  }
  return { countryId: india.id };
}

async function placeOf(db: Db, stateCode: TestStateCode) {
  const { countryId } = await ensureReferenceData(db);
  const [state] = await db.select().from(states).where(eq(states.stateCode, stateCode));
  const [city] = state ? await db.select().from(cities).where(eq(cities.stateId, state.id)) : [];
  if (!state || !city) throw new Error(`reference data for ${stateCode} missing`);
  return { countryId, stateId: state.id, cityId: city.id, pin: STATES[stateCode].pin };
}

export type TestUser = { userId: number; email: string; password: string; retailerId: number | null };

export async function createRetailer(
  db: Db,
  overrides: { stateCode?: TestStateCode; email?: string; password?: string; businessName?: string } = {},
): Promise<TestUser & { retailerId: number }> {
  const place = await placeOf(db, overrides.stateCode ?? '36');
  const email = overrides.email ?? unique('retailer');
  const password = overrides.password ?? 'Retailer@123';
  const [retailer] = await db
    .insert(retailers)
    .values({
      businessName: overrides.businessName ?? 'Test Opticals',
      firstName: 'Asha',
      lastName: 'Rao',
      email,
      phone: '9876543210',
      address: '12 Test Street',
      cityId: place.cityId,
      stateId: place.stateId,
      countryId: place.countryId,
      pinCode: place.pin,
      maxLimitPerVariant: 20,
      maxOrderQuantity: 500,
      maxOrderValuePaise: 50_000_000,
    })
    .returning({ id: retailers.id });
  if (!retailer) throw new Error('retailer not created');
  await db.insert(shippingAddresses).values({
    retailerId: retailer.id,
    firstName: 'Asha',
    lastName: 'Rao',
    address: '12 Test Street',
    cityId: place.cityId,
    stateId: place.stateId,
    countryId: place.countryId,
    pin: place.pin,
    phone: '9876543210',
    isDefault: true,
  });
  const [user] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(password),
      roleId: 2,
      name: 'Asha Rao',
      phoneNumber: '9876543210',
      retailerId: retailer.id,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user not created');
  return { userId: user.id, email, password, retailerId: retailer.id };
}

const STAFF_NAMES = { admin: 'Admin User', salesexecutive: 'Sales Person', warehouse: 'Warehouse Person', accounts: 'Accounts Person' } as const;

export async function createStaffUser(
  db: Db,
  role: 'salesexecutive' | 'admin' | 'warehouse' | 'accounts',
  overrides: { email?: string; password?: string; linkedRetailerIds?: number[] } = {},
): Promise<TestUser> {
  await ensureReferenceData(db);
  const email = overrides.email ?? unique(role);
  const password = overrides.password ?? 'Staff@12345';
  const [user] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(password),
      roleId: ROLE_IDS[role],
      name: STAFF_NAMES[role],
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user not created');
  for (const retailerId of overrides.linkedRetailerIds ?? []) {
    await db.insert(salesExecutiveRetailers).values({ salesExecutiveUserId: user.id, retailerId });
  }
  return { userId: user.id, email, password, retailerId: null };
}

/** Signs in through POST /token and returns the bearer header for later requests. */
export async function loginAs(app: App, user: { email: string; password: string }, rememberMe = false) {
  const response = await app.inject({
    method: 'POST',
    url: '/token',
    payload: new URLSearchParams({
      grant_type: 'password',
      username: user.email,
      password: user.password,
      remember_me: String(rememberMe),
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const token = response.json<{ access_token: string }>().access_token;
  return { token, headers: { authorization: `Bearer ${token}` } };
}

/**
 * The HSN code and GST rate of each product type as the seed gives them (sunglasses 900410 at 18%,
 * readers 900490 at 5%, frames 9003 at 5%, accessories as a hard case, 4202 at 18%): the rates the
 * `gst_rates` table (migration 0012) has in force from 22 Sep 2025, so from the test clock's day on.
 */
export const TEST_TAX_BY_TYPE: Record<number, { hsn: string; rate: number }> = {
  ...TAX_BY_TYPE,
  4: { hsn: '4202', rate: 18 },
};

/**
 * An HSN code the `gst_rates` table has no entry for (9001: lenses): a product with it keeps the GST
 * rate it is given, on its orders and on their invoices. For a test that needs a rate the table does
 * not give a product type (12%, 0%).
 */
export const HSN_NOT_IN_GST_TABLE = '9001';

/**
 * A product with colour variants (C1, C2, …); stock per variant; price in paise. Its HSN code and
 * GST rate are its type's (TEST_TAX_BY_TYPE; type 1, a frame, by default), so they agree with the
 * `gst_rates` table and its invoices are taxed as it was ordered. Another rate needs an HSN code of
 * its own (`hsnCode`, e.g. HSN_NOT_IN_GST_TABLE): a rate its type's code does not have is refused.
 */
export async function createProduct(
  db: Db,
  overrides: { netPricePaise?: number; gstRatePercent?: number; hsnCode?: string; productTypeId?: number; stocks?: number[]; name?: string } = {},
) {
  const productTypeId = overrides.productTypeId ?? 1;
  const tax = TEST_TAX_BY_TYPE[productTypeId];
  if (!tax && overrides.hsnCode === undefined) throw new Error(`createProduct: product type ${productTypeId} has no HSN code; pass hsnCode`);
  if (overrides.hsnCode === undefined && overrides.gstRatePercent !== undefined && overrides.gstRatePercent !== tax!.rate) {
    throw new Error(
      `createProduct: a product of type ${productTypeId} is HSN ${tax!.hsn} at ${tax!.rate}% (gst_rates), not ${overrides.gstRatePercent}%: ` +
        'pass the product type that has that rate, or an hsnCode (HSN_NOT_IN_GST_TABLE) for a rate the table does not give',
    );
  }
  const hsnCode = overrides.hsnCode ?? tax!.hsn;
  const gstRatePercent = overrides.gstRatePercent ?? tax?.rate;
  if (gstRatePercent === undefined) throw new Error(`createProduct: HSN ${hsnCode} needs a gstRatePercent`);
  await db
    .insert(productTypes)
    .values([
      { id: 1, code: 'eyeglasses', name: 'Eyeglasses' },
      { id: 2, code: 'sunglasses', name: 'Sunglasses' },
      { id: 3, code: 'reading', name: 'Reading glasses' },
      { id: 4, code: 'accessory', name: 'Accessory' },
    ])
    .onConflictDoNothing();
  await db.insert(brands).values({ code: 'TST', name: 'Test Brand' }).onConflictDoNothing();
  await db.insert(colours).values({ name: 'Test Black', hexCode: '#000000' }).onConflictDoNothing();
  const [brand] = await db.select().from(brands).where(eq(brands.code, 'TST'));
  const [colour] = await db.select().from(colours).where(eq(colours.name, 'Test Black'));
  if (!brand || !colour) throw new Error('masters missing');
  const code = `T-${randomBytes(4).toString('hex')}`;
  const [product] = await db
    .insert(products)
    .values({
      productCode: code,
      modelName: code,
      modelCode: code,
      productName: overrides.name ?? `Test Frame ${code}`,
      brandId: brand.id,
      productTypeId,
      hsnCode,
      gstRatePercent,
      netPricePaise: overrides.netPricePaise ?? 100_000,
      eyeSizeMm: 52,
      noseBridgeMm: 18,
      armLengthMm: 140,
    })
    .returning({ id: products.id });
  if (!product) throw new Error('product not created');
  const variants = [];
  for (const [index, stock] of (overrides.stocks ?? [10]).entries()) {
    const [variant] = await db
      .insert(productColours)
      .values({
        productId: product.id,
        colorVariant: `C${index + 1}`,
        variantNumber: index + 1,
        frameColourId: colour.id,
        templeColourId: colour.id,
        availableStockQuantity: stock,
      })
      .returning({ id: productColours.id });
    if (!variant) throw new Error('variant not created');
    variants.push({ id: variant.id, colorVariant: `C${index + 1}` });
  }
  return { productId: product.id, variants };
}

/** The company's single corporate_details row (the supplier on every tax invoice), as the demo seed writes it. */
export async function ensureCorporateDetails(db: Db) {
  await db
    .insert(corporateDetails)
    .values(CORPORATE_DETAILS_ROW)
    .onConflictDoNothing();
  return COMPANY;
}

/**
 * An invoice (with the order it belongs to) written straight into the database, so payment tests
 * need neither the cart nor the admin endpoint that raises invoices.
 */
export async function createInvoice(
  db: Db,
  input: { retailerId: number; userId: number; amountPaise: number; paidPaise?: number; invoiceDate?: string },
): Promise<{ id: number; invoiceNo: string; orderId: number }> {
  const tag = randomBytes(4).toString('hex').toUpperCase();
  const [order] = await db
    .insert(orders)
    .values({
      orderRefNo: `TEST/ORDER/${tag}`,
      retailerId: input.retailerId,
      placedByUserId: input.userId,
      status: 'Delivered',
      billToBusinessName: 'Test Opticals',
      billToAddress: '12 Test Street',
      billToCity: 'Hyderabad',
      billToState: 'Telangana',
      billToStateCode: '36',
      billToCountry: 'India',
      billToPinCode: '500001',
      companyStateCode: '36',
      totalQuantity: 1,
      subtotalPaise: input.amountPaise,
      taxablePaise: input.amountPaise,
      totalPaise: input.amountPaise,
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('order not written');
  const invoiceNo = `TI/${tag}`;
  const [invoice] = await db
    .insert(invoices)
    .values({
      invoiceNo,
      financialYear: '2026-27',
      orderId: order.id,
      retailerId: input.retailerId,
      invoiceDate: input.invoiceDate ?? '2026-10-01',
      amountPaise: input.amountPaise,
      paidPaise: input.paidPaise ?? 0,
    })
    .returning({ id: invoices.id });
  if (!invoice) throw new Error('invoice not written');
  return { id: invoice.id, invoiceNo, orderId: order.id };
}

/** An invoice as it stands: amounts and the database's derived status. */
export async function invoiceState(db: Db, invoiceId: number) {
  const [row] = await db
    .select({ paidPaise: invoices.paidPaise, balancePaise: invoices.balancePaise, paymentStatus: invoices.paymentStatus })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  if (!row) throw new Error(`invoice ${invoiceId} not found`);
  return row;
}
