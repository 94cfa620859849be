import type { TokenResponse, UserProfile } from '@frameport/domain/contract';

export function userProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    BusinessName: 'Verma Opticals',
    UserId: 7,
    RetailerID: 3,
    UserName: 'asha@vermaopticals.in',
    Name: 'Asha Verma',
    PhoneNumber: '9876543210',
    AlternatePhoneNumber: null,
    Email: 'asha@vermaopticals.in',
    Address: '12 MG Road',
    City: 'Hyderabad',
    StateId: 36,
    StateName: 'Telangana',
    CountryId: 1,
    CountryName: 'India',
    PinCode: '500001',
    ProfilePictureUrl: null,
    PAN: 'ABCDE1234F',
    GSTIN: '36ABCDE1234F1Z5',
    RoleID: 2,
    RoleName: 'Retailer',
    shippingAddressResponse: [],
    MaxLimitPerVariant: 20,
    MaxOrderQuantity: 500,
    MaxOrderValue: 250000,
    ...overrides,
  };
}

export function tokenResponse(overrides: Partial<TokenResponse> = {}): TokenResponse {
  const issued = new Date();
  const expires = new Date(issued.getTime() + 86_400_000);
  return {
    access_token: 'token-abc',
    token_type: 'bearer',
    expires_in: 86_400,
    userName: 'asha@vermaopticals.in',
    '.issued': issued.toUTCString(),
    '.expires': expires.toUTCString(),
    ...overrides,
  };
}
