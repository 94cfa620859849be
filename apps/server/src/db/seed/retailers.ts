/** Writes one retailer account as the demo seed does: the retailer, its sign-in user, its addresses, its sales executive. */
import type { DbOrTx } from '../client.ts';
import { retailers, salesExecutiveRetailers, shippingAddresses, users } from '../schema.ts';
import type { RetailerSeed } from './accounts.ts';

export type RetailerPlace = {
  countryId: number;
  stateId: number;
  cityId: number;
  /** The city of `r.branch`, when it has one. */
  branchCityId?: number;
};

export async function insertRetailer(
  tx: DbOrTx,
  r: RetailerSeed,
  place: RetailerPlace,
  account: { pan: string; gstin: string; passwordHash: string; salesExecutiveUserId?: number },
): Promise<{ retailerId: number; userId: number; defaultAddressId: number }> {
  const { countryId, stateId, cityId } = place;
  const [retailer] = await tx
    .insert(retailers)
    .values({
      businessName: r.businessName,
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      phone: r.phone,
      address: r.address,
      cityId,
      stateId,
      countryId,
      pinCode: r.pinCode,
      pan: account.pan,
      gstin: account.gstin,
      maxLimitPerVariant: r.limits.perVariant,
      maxOrderQuantity: r.limits.orderQuantity,
      maxOrderValuePaise: r.limits.orderValuePaise,
    })
    .returning({ id: retailers.id });
  const retailerId = retailer!.id;
  const [user] = await tx
    .insert(users)
    .values({
      email: r.email,
      passwordHash: account.passwordHash,
      roleId: 2,
      name: `${r.firstName} ${r.lastName}`,
      phoneNumber: r.phone,
      retailerId,
    })
    .returning({ id: users.id });
  const addresses = [
    {
      retailerId,
      firstName: r.firstName,
      lastName: r.lastName,
      address: r.address,
      cityId,
      stateId,
      countryId,
      pin: r.pinCode,
      phone: r.phone,
      isDefault: true,
    },
    ...(r.branch
      ? [
          {
            retailerId,
            firstName: r.firstName,
            lastName: r.lastName,
            address: `${r.businessName} (branch), ${r.branch[0]}`,
            cityId: place.branchCityId!,
            stateId,
            countryId,
            pin: r.branch[2],
            phone: r.phone,
            isDefault: false,
          },
        ]
      : []),
  ];
  const [defaultAddress] = await tx.insert(shippingAddresses).values(addresses).returning({ id: shippingAddresses.id });
  if (account.salesExecutiveUserId !== undefined) {
    await tx.insert(salesExecutiveRetailers).values({ salesExecutiveUserId: account.salesExecutiveUserId, retailerId });
  }
  return { retailerId, userId: user!.id, defaultAddressId: defaultAddress!.id };
}
