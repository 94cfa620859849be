/**
 * Demo accounts: the documented logins plus ten more retailers across India, each with its credit
 * terms and the orders the seed makes for it (where the order desk has taken each one). The two
 * documented retailers stay in good standing (no hold, nothing overdue, well within the limit):
 * the end-to-end tests and people trying the app sign in as them.
 */
import type { PlanStep } from './orders.ts';

export const DEMO_PASSWORDS = {
  retailer: 'Retailer@123',
  sales: 'Sales@12345',
  admin: 'Admin@12345',
  warehouse: 'Warehouse@123',
  accounts: 'Accounts@123',
} as const;

export const DEMO_EMAILS = {
  retailer: 'retailer@frameport.test',
  retailerBlr: 'retailer.blr@frameport.test',
  sales: 'sales@frameport.test',
  admin: 'admin@frameport.test',
  warehouse: 'warehouse@frameport.test',
  accounts: 'accounts@frameport.test',
} as const;

export interface RetailerSeed {
  email: string;
  businessName: string;
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  stateCode: string;
  cityCode: string;
  pinCode: string;
  /** Linked to the demo sales executive. */
  linked: boolean;
  limits: { perVariant: number; orderQuantity: number; orderValuePaise: number };
  /** Second shipping address: [address, cityCode, pin] */
  branch?: [string, string, string];
  demo?: boolean;
  /** Credit terms: limit, payment terms in days (none: the default), a credit hold's reason. */
  credit?: { limitPaise: number; termsDays?: number; hold?: string };
  /** The demo orders (the seed only). */
  orders?: PlanStep[];
}

const LAKH = 10_000_000;

export const DEMO_LIMITS = { perVariant: 20, orderQuantity: 500, orderValuePaise: 50_000_000 };

export const RETAILERS: RetailerSeed[] = [
  {
    email: DEMO_EMAILS.retailer,
    businessName: 'Vision Point Opticals',
    firstName: 'Ravi',
    lastName: 'Kumar',
    phone: '9849012345',
    address: 'Shop 14, Ameerpet Main Road, Ameerpet',
    stateCode: '36',
    cityCode: 'HYD',
    pinCode: '500016',
    linked: true,
    limits: DEMO_LIMITS,
    branch: ['2-4-118, MG Road, Ranigunj', 'SEC', '500003'],
    demo: true,
    credit: { limitPaise: 10 * LAKH },
    orders: [
      { daysAgo: 78, status: 'Delivered', payment: 'Paid' },
      { daysAgo: 55, status: 'Delivered', payment: 'Paid', bySales: true },
      { daysAgo: 41, status: 'Cancelled', cancelReason: 'The retailer ordered the wrong colours and placed a new order.' },
      { daysAgo: 26, status: 'Dispatched', payment: 'Partially Paid' },
      { daysAgo: 12, status: 'Partially dispatched', payment: 'Unpaid', packing: 'Packed' },
      { daysAgo: 5, status: 'Confirmed', bySales: true, packing: 'Packing' },
      { daysAgo: 2, status: 'Placed' },
    ],
  },
  {
    email: DEMO_EMAILS.retailerBlr,
    businessName: 'Nayana Eye Care',
    firstName: 'Lakshmi',
    lastName: 'Rao',
    phone: '9845067890',
    address: '22, 5th Cross, Sampige Road, Malleshwaram',
    stateCode: '29',
    cityCode: 'BLR',
    pinCode: '560003',
    linked: true,
    limits: DEMO_LIMITS,
    branch: ['41, Sayyaji Rao Road', 'MYS', '570001'],
    demo: true,
    credit: { limitPaise: 8 * LAKH, termsDays: 45 },
    orders: [
      { daysAgo: 70, status: 'Delivered', payment: 'Paid' },
      { daysAgo: 38, status: 'Delivered', payment: 'Partially Paid' },
      { daysAgo: 20, status: 'Dispatched', payment: 'Unpaid', bySales: true },
      { daysAgo: 9, status: 'Confirmed', packing: 'Packed' },
      { daysAgo: 4, status: 'On hold', hold: { kind: 'stock', reason: 'Waiting for two colours that are out of stock; the restock is due next week.' } },
      { daysAgo: 1, status: 'Placed', bySales: true },
    ],
  },
  {
    email: 'retailer.wgl@frameport.test',
    businessName: 'Drishti Opticians',
    firstName: 'Srinivas',
    lastName: 'Reddy',
    phone: '9866123456',
    address: 'Opp. Bus Stand, Station Road, Hanamkonda',
    stateCode: '36',
    cityCode: 'WGL',
    pinCode: '506001',
    linked: true,
    limits: { perVariant: 15, orderQuantity: 300, orderValuePaise: 20_000_000 },
    credit: { limitPaise: 3 * LAKH },
    orders: [
      { daysAgo: 60, status: 'Delivered', payment: 'Paid' },
      { daysAgo: 9, status: 'Partially dispatched', payment: 'Unpaid' },
      { daysAgo: 1, status: 'Placed' },
    ],
  },
  {
    email: 'retailer.mum@frameport.test',
    businessName: 'Clear Sight Optics',
    firstName: 'Anil',
    lastName: 'Deshmukh',
    phone: '9820145678',
    address: '7, Link Road, Andheri West',
    stateCode: '27',
    cityCode: 'MUM',
    pinCode: '400058',
    linked: false,
    limits: { perVariant: 50, orderQuantity: 1000, orderValuePaise: 100_000_000 },
    credit: { limitPaise: 10 * LAKH, termsDays: 60 },
    orders: [
      { daysAgo: 65, status: 'Delivered', payment: 'Paid', big: true },
      { daysAgo: 15, status: 'Dispatched', payment: 'Unpaid', big: true },
      { daysAgo: 6, status: 'Partially dispatched', payment: 'Unpaid', packing: 'Packed', big: true },
      { daysAgo: 4, status: 'On hold', hold: { kind: 'note', reason: 'The retailer asked us to hold this until their Bandra branch opens.' } },
      { daysAgo: 0, status: 'Placed' },
    ],
  },
  {
    email: 'retailer.pnq@frameport.test',
    businessName: 'Pune Eye Gallery',
    firstName: 'Meera',
    lastName: 'Kulkarni',
    phone: '9822034567',
    address: '1186, FC Road, Shivajinagar',
    stateCode: '27',
    cityCode: 'PNQ',
    pinCode: '411004',
    linked: false,
    limits: { perVariant: 25, orderQuantity: 500, orderValuePaise: 40_000_000 },
    // Over its limit: three large orders on ₹2 lakh of credit.
    credit: { limitPaise: 2 * LAKH },
    orders: [
      { daysAgo: 25, status: 'Delivered', payment: 'Unpaid', big: true },
      { daysAgo: 10, status: 'Dispatched', payment: 'Unpaid', big: true },
      { daysAgo: 6, status: 'Confirmed', big: true },
      { daysAgo: 1, status: 'Placed' },
    ],
  },
  {
    email: 'retailer.maa@frameport.test',
    businessName: 'Chennai Spex Centre',
    firstName: 'Karthik',
    lastName: 'Subramanian',
    phone: '9840056789',
    address: '45, Usman Road, T. Nagar',
    stateCode: '33',
    cityCode: 'MAA',
    pinCode: '600017',
    linked: true,
    limits: { perVariant: 30, orderQuantity: 600, orderValuePaise: 60_000_000 },
    credit: { limitPaise: 5 * LAKH, termsDays: 45 },
    orders: [
      { daysAgo: 40, status: 'Delivered', payment: 'Partially Paid' },
      { daysAgo: 8, status: 'Dispatched', payment: 'Unpaid' },
      { daysAgo: 3, status: 'Confirmed', bySales: true },
      { daysAgo: 1, status: 'Placed', bySales: true },
    ],
  },
  {
    email: 'retailer.del@frameport.test',
    businessName: 'Capital Opticals',
    firstName: 'Rohit',
    lastName: 'Malhotra',
    phone: '9811023456',
    address: '12-B, Connaught Place, Inner Circle',
    stateCode: '07',
    cityCode: 'NDL',
    pinCode: '110001',
    linked: false,
    limits: { perVariant: 40, orderQuantity: 800, orderValuePaise: 80_000_000 },
    credit: { limitPaise: 7.5 * LAKH, termsDays: 45 },
    orders: [
      { daysAgo: 45, status: 'Delivered', payment: 'Paid', big: true },
      { daysAgo: 20, status: 'Cancelled', cancelReason: 'Duplicate of an order placed the same day.' },
      { daysAgo: 7, status: 'Partially dispatched', payment: 'Paid' },
      { daysAgo: 2, status: 'Placed' },
    ],
  },
  {
    email: 'retailer.kol@frameport.test',
    businessName: 'Howrah Vision House',
    firstName: 'Sourav',
    lastName: 'Banerjee',
    phone: '9830067891',
    address: '88, Rashbehari Avenue, Kalighat',
    stateCode: '19',
    cityCode: 'KOL',
    pinCode: '700026',
    linked: false,
    limits: { perVariant: 20, orderQuantity: 400, orderValuePaise: 30_000_000 },
    // An invoice long past its due date: the credit check refuses a new confirmation.
    credit: { limitPaise: 2.5 * LAKH },
    orders: [
      { daysAgo: 72, status: 'Delivered', payment: 'Unpaid' },
      { daysAgo: 30, status: 'Delivered', payment: 'Paid' },
      { daysAgo: 5, status: 'On hold', hold: { kind: 'credit', reason: 'An invoice is overdue by more than 30 days; confirm once it is paid.' } },
      {
        daysAgo: 3,
        status: 'Confirmed',
        overrideReason: 'The retailer promised the overdue amount by the end of the month; festival stock for the shop.',
      },
      { daysAgo: 0, status: 'Placed' },
    ],
  },
  {
    email: 'retailer.amd@frameport.test',
    businessName: 'Sabarmati Opticals',
    firstName: 'Hetal',
    lastName: 'Patel',
    phone: '9825012378',
    address: '3, Law Garden Road, Ellisbridge',
    stateCode: '24',
    cityCode: 'AMD',
    pinCode: '380006',
    linked: false,
    limits: { perVariant: 20, orderQuantity: 500, orderValuePaise: 50_000_000 },
    credit: { limitPaise: 4 * LAKH, hold: 'A cheque was returned unpaid (insufficient funds): on hold until it is cleared.' },
    orders: [
      { daysAgo: 50, status: 'Delivered', payment: 'Paid' },
      { daysAgo: 3, status: 'On hold', hold: { kind: 'credit', reason: 'The retailer is on credit hold (cheque returned).' } },
      { daysAgo: 1, status: 'Placed' },
    ],
  },
  {
    email: 'retailer.cok@frameport.test',
    businessName: 'Malabar Eye Wear',
    firstName: 'Anju',
    lastName: 'Thomas',
    phone: '9847045612',
    address: 'MG Road, Near Jos Junction, Ernakulam',
    stateCode: '32',
    cityCode: 'COK',
    pinCode: '682016',
    linked: false,
    limits: { perVariant: 20, orderQuantity: 500, orderValuePaise: 50_000_000 },
    credit: { limitPaise: 3 * LAKH },
    orders: [
      { daysAgo: 35, status: 'Delivered', payment: 'Paid' },
      { daysAgo: 5, status: 'On hold', hold: { kind: 'stock', reason: 'Two of the models are out of stock; the retailer agreed to wait for the restock.' } },
      { daysAgo: 0, status: 'Placed' },
    ],
  },
  {
    email: 'retailer.vja@frameport.test',
    businessName: 'Krishna Opticals',
    firstName: 'Venkata',
    lastName: 'Prasad',
    phone: '9848078901',
    address: '27-14-5, Besant Road, Governorpet',
    stateCode: '37',
    cityCode: 'VJA',
    pinCode: '520002',
    linked: true,
    limits: { perVariant: 20, orderQuantity: 500, orderValuePaise: 50_000_000 },
    credit: { limitPaise: 4 * LAKH },
    orders: [
      { daysAgo: 30, status: 'Delivered', payment: 'Paid' },
      { daysAgo: 12, status: 'Dispatched', payment: 'Paid', bySales: true },
      { daysAgo: 1, status: 'Placed', bySales: true },
    ],
  },
  {
    email: 'retailer.mys@frameport.test',
    businessName: 'Mysore Optical Co.',
    firstName: 'Prakash',
    lastName: 'Gowda',
    phone: '9880012345',
    address: '1502, Devaraja Mohalla, D. Subbaiah Road',
    stateCode: '29',
    cityCode: 'MYS',
    pinCode: '570001',
    linked: true,
    limits: { perVariant: 20, orderQuantity: 500, orderValuePaise: 50_000_000 },
    credit: { limitPaise: 2 * LAKH },
    orders: [
      { daysAgo: 20, status: 'Delivered', payment: 'Unpaid' },
      { daysAgo: 4, status: 'Confirmed', packing: 'Packed' },
      { daysAgo: 3, status: 'Placed' },
    ],
  },
];

export const STAFF = [
  { email: DEMO_EMAILS.admin, name: 'Asha Varma', roleId: 1, phone: '9000011111', password: DEMO_PASSWORDS.admin },
  { email: DEMO_EMAILS.sales, name: 'Suresh Naidu', roleId: 3, phone: '9000022222', password: DEMO_PASSWORDS.sales },
  { email: DEMO_EMAILS.warehouse, name: 'Ravi Kumar', roleId: 4, phone: '9000033333', password: DEMO_PASSWORDS.warehouse },
  { email: DEMO_EMAILS.accounts, name: 'Lakshmi Iyer', roleId: 5, phone: '9000044444', password: DEMO_PASSWORDS.accounts },
] as const;
