/** Who is billed and where the goods go, with the discount rules that price them: one query. */
import { eq, sql } from 'drizzle-orm';
import { messages } from '@frameport/domain/messages';
import type { Db } from '../../db/client.ts';
import { cities, countries, retailers, states, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { activeRulesJson, pricingOf, type Pricing, type RuleJson } from './discount-rules.ts';

export type BillTo = {
  retailerId: number;
  userId: number | null;
  email: string;
  businessName: string;
  address: string;
  city: string;
  state: string;
  stateId: number;
  /** The GST state code of the bill-to party: the GSTIN's first two digits, else the state's code. */
  gstStateCode: string;
  country: string;
  pinCode: string;
  gstin: string | null;
  maxLimitPerVariant: number;
  maxOrderQuantity: number;
  maxOrderValuePaise: number;
  /** Where the goods go: the retailer's default shipping address (else its first), null without one. */
  shipTo: ShipTo | null;
};

export type ShipTo = {
  id: number;
  name: string;
  address: string;
  city: string;
  state: string;
  stateCode: string;
  pinCode: string;
  phone: string;
};

export type PriceContext = { pricing: Pricing; billTo: BillTo; companyStateCode: string; now: Date };

/**
 * The bill-to party and the discount rules that apply to it (its state's and the all-states ones,
 * active at `now`), in ONE query: every cart and order call starts with it, so it is a round trip
 * worth saving. The rules come as the same JSON the catalogue SQL builds (RuleJson).
 */
export async function loadPriceContext(
  db: Db,
  retailerId: number,
  now: Date,
  companyStateCode: string,
): Promise<PriceContext> {
  const [row] = await priceContextQuery(db).execute({ retailerId, now });
  if (!row) throw new AppError('not_found', messages.http.notFound);
  const { stateCode, rules, ...rest } = row;
  const billTo: BillTo = { ...rest, gstStateCode: gstStateCodeOf(row.gstin, stateCode) };
  return { billTo, pricing: pricingOf(billTo.stateId, rules), companyStateCode, now };
}

/** The GST state code of a bill-to party: its GSTIN's first two digits, else its state's code. */
export function gstStateCodeOf(gstin: string | null, stateCode: string): string {
  return gstin?.slice(0, 2) ?? stateCode;
}

/** Every cart and order call runs it: prepared once per database (built once, parsed once per connection). */
const preparedPriceContext = new WeakMap<Db, ReturnType<typeof preparePriceContext>>();

function priceContextQuery(db: Db) {
  let query = preparedPriceContext.get(db);
  if (!query) {
    query = preparePriceContext(db);
    preparedPriceContext.set(db, query);
  }
  return query;
}

function preparePriceContext(db: Db) {
  const now = sql.placeholder('now');
  return db
    .select({
      retailerId: retailers.id,
      userId: users.id,
      email: retailers.email,
      businessName: retailers.businessName,
      address: retailers.address,
      city: cities.name,
      state: states.name,
      stateId: retailers.stateId,
      stateCode: states.stateCode,
      country: countries.name,
      pinCode: retailers.pinCode,
      gstin: retailers.gstin,
      maxLimitPerVariant: retailers.maxLimitPerVariant,
      maxOrderQuantity: retailers.maxOrderQuantity,
      maxOrderValuePaise: retailers.maxOrderValuePaise,
      rules: sql<RuleJson[]>`${activeRulesJson(now, retailers.stateId)}`,
      shipTo: sql<ShipTo | null>`(select json_build_object('id', sa.id, 'name', trim(sa.first_name || ' ' || sa.last_name),
          'address', sa.address, 'city', sc.name, 'state', ss.name, 'stateCode', ss.state_code, 'pinCode', sa.pin, 'phone', sa.phone)
        from shipping_addresses sa join cities sc on sc.id = sa.city_id join states ss on ss.id = sa.state_id
        where sa.retailer_id = ${retailers.id} order by sa.is_default desc, sa.id limit 1)`,
    })
    .from(retailers)
    .innerJoin(states, eq(states.id, retailers.stateId))
    .innerJoin(cities, eq(cities.id, retailers.cityId))
    .innerJoin(countries, eq(countries.id, retailers.countryId))
    .leftJoin(users, eq(users.retailerId, retailers.id))
    .where(eq(retailers.id, sql.placeholder('retailerId')))
    .limit(1)
    .prepare('price_context');
}
