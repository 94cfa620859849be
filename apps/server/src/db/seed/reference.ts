/** Static reference data for the demo seed: geography, catalogue masters, content. */

import type { PageName } from '@frameport/domain/contract';

export interface StateSeed {
  code: string;
  name: string;
  ut: boolean;
  /** [code, name] */
  cities: [string, string][];
}

/** 28 States + 8 UTs with their GST codes (domain-india.md §2); 25, 28, 96 and 99 are never offered. */
export const STATES: StateSeed[] = [
  { code: '01', name: 'Jammu and Kashmir', ut: true, cities: [['SXR', 'Srinagar'], ['JAM', 'Jammu']] },
  { code: '02', name: 'Himachal Pradesh', ut: false, cities: [['SML', 'Shimla'], ['DHM', 'Dharamshala']] },
  { code: '03', name: 'Punjab', ut: false, cities: [['LDH', 'Ludhiana'], ['ASR', 'Amritsar'], ['JAL', 'Jalandhar']] },
  { code: '04', name: 'Chandigarh', ut: true, cities: [['CHD', 'Chandigarh']] },
  { code: '05', name: 'Uttarakhand', ut: false, cities: [['DDN', 'Dehradun'], ['HDW', 'Haridwar']] },
  { code: '06', name: 'Haryana', ut: false, cities: [['GGN', 'Gurugram'], ['FBD', 'Faridabad'], ['PNP', 'Panipat']] },
  { code: '07', name: 'Delhi', ut: true, cities: [['NDL', 'New Delhi'], ['DEL', 'Delhi']] },
  { code: '08', name: 'Rajasthan', ut: false, cities: [['JAI', 'Jaipur'], ['JDH', 'Jodhpur'], ['UDR', 'Udaipur']] },
  { code: '09', name: 'Uttar Pradesh', ut: false, cities: [['LKO', 'Lucknow'], ['KNP', 'Kanpur'], ['NOI', 'Noida'], ['VNS', 'Varanasi']] },
  { code: '10', name: 'Bihar', ut: false, cities: [['PAT', 'Patna'], ['GAY', 'Gaya']] },
  { code: '11', name: 'Sikkim', ut: false, cities: [['GTK', 'Gangtok']] },
  { code: '12', name: 'Arunachal Pradesh', ut: false, cities: [['ITA', 'Itanagar']] },
  { code: '13', name: 'Nagaland', ut: false, cities: [['KOH', 'Kohima'], ['DMU', 'Dimapur']] },
  { code: '14', name: 'Manipur', ut: false, cities: [['IMF', 'Imphal']] },
  { code: '15', name: 'Mizoram', ut: false, cities: [['AJL', 'Aizawl']] },
  { code: '16', name: 'Tripura', ut: false, cities: [['AGT', 'Agartala']] },
  { code: '17', name: 'Meghalaya', ut: false, cities: [['SHL', 'Shillong']] },
  { code: '18', name: 'Assam', ut: false, cities: [['GAU', 'Guwahati'], ['DIB', 'Dibrugarh']] },
  { code: '19', name: 'West Bengal', ut: false, cities: [['KOL', 'Kolkata'], ['HWH', 'Howrah'], ['SLG', 'Siliguri']] },
  { code: '20', name: 'Jharkhand', ut: false, cities: [['RNC', 'Ranchi'], ['JSR', 'Jamshedpur']] },
  { code: '21', name: 'Odisha', ut: false, cities: [['BBI', 'Bhubaneswar'], ['CTC', 'Cuttack']] },
  { code: '22', name: 'Chhattisgarh', ut: false, cities: [['RPR', 'Raipur'], ['BLS', 'Bilaspur']] },
  { code: '23', name: 'Madhya Pradesh', ut: false, cities: [['IDR', 'Indore'], ['BPL', 'Bhopal'], ['GWL', 'Gwalior']] },
  { code: '24', name: 'Gujarat', ut: false, cities: [['AMD', 'Ahmedabad'], ['SRT', 'Surat'], ['VAD', 'Vadodara'], ['RAJ', 'Rajkot']] },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu', ut: true, cities: [['DMN', 'Daman'], ['SLV', 'Silvassa']] },
  { code: '27', name: 'Maharashtra', ut: false, cities: [['MUM', 'Mumbai'], ['PNQ', 'Pune'], ['NAG', 'Nagpur'], ['NSK', 'Nashik']] },
  { code: '29', name: 'Karnataka', ut: false, cities: [['BLR', 'Bengaluru'], ['MYS', 'Mysuru'], ['MNG', 'Mangaluru'], ['HBL', 'Hubballi']] },
  { code: '30', name: 'Goa', ut: false, cities: [['PNJ', 'Panaji'], ['MRG', 'Margao']] },
  { code: '31', name: 'Lakshadweep', ut: true, cities: [['KVT', 'Kavaratti']] },
  { code: '32', name: 'Kerala', ut: false, cities: [['COK', 'Kochi'], ['TRV', 'Thiruvananthapuram'], ['CCJ', 'Kozhikode']] },
  { code: '33', name: 'Tamil Nadu', ut: false, cities: [['MAA', 'Chennai'], ['CBE', 'Coimbatore'], ['MDU', 'Madurai']] },
  { code: '34', name: 'Puducherry', ut: true, cities: [['PNY', 'Puducherry']] },
  { code: '35', name: 'Andaman and Nicobar Islands', ut: true, cities: [['IXZ', 'Port Blair']] },
  { code: '36', name: 'Telangana', ut: false, cities: [['HYD', 'Hyderabad'], ['SEC', 'Secunderabad'], ['WGL', 'Warangal'], ['KRM', 'Karimnagar'], ['NZB', 'Nizamabad']] },
  { code: '37', name: 'Andhra Pradesh', ut: false, cities: [['VJA', 'Vijayawada'], ['VTZ', 'Visakhapatnam'], ['TIR', 'Tirupati'], ['GNT', 'Guntur']] },
  { code: '38', name: 'Ladakh', ut: true, cities: [['IXL', 'Leh'], ['KGL', 'Kargil']] },
];

export interface BrandSeed {
  code: string;
  name: string;
  description: string;
  /** Weights per product type id 1..4. */
  typeWeights: [number, number, number, number];
  /** Shape codes this brand favours (weighted by repetition). */
  shapes: string[];
  materials: string[];
  /** Price band in rupees for eyewear. */
  priceBand: [number, number];
  kids?: boolean;
}

export const BRANDS: BrandSeed[] = [
  {
    code: 'FC',
    name: 'Frameport Classic',
    description: 'Dependable everyday frames for every counter.',
    typeWeights: [62, 8, 18, 12],
    shapes: ['rectangle', 'rectangle', 'square', 'oval', 'round', 'wayfarer', 'clubmaster'],
    materials: ['ACE', 'MET', 'TR90', 'SST'],
    priceBand: [499, 1199],
  },
  {
    code: 'UO',
    name: 'Urban Optix',
    description: 'Trend-led shapes in light TR90 and acetate.',
    typeWeights: [65, 25, 2, 8],
    shapes: ['geometric', 'round', 'cat-eye', 'wayfarer', 'square', 'aviator', 'clubmaster'],
    materials: ['TR90', 'ACE', 'MET', 'SST'],
    priceBand: [599, 1299],
  },
  {
    code: 'KZ',
    name: 'Kids Zone',
    description: 'Flexible, tough frames sized for children.',
    typeWeights: [82, 14, 0, 4],
    shapes: ['round', 'rectangle', 'oval', 'square', 'wayfarer'],
    materials: ['TR90', 'PC'],
    priceBand: [449, 899],
    kids: true,
  },
  {
    code: 'SS',
    name: 'SunStreet',
    description: 'UV400 sunglasses at honest prices.',
    typeWeights: [5, 88, 0, 7],
    shapes: ['aviator', 'aviator', 'wayfarer', 'wayfarer', 'round', 'cat-eye', 'square', 'clubmaster', 'geometric'],
    materials: ['MET', 'ACE', 'PC', 'TR90'],
    priceBand: [599, 1499],
  },
  {
    code: 'LP',
    name: 'Lumen Pro',
    description: 'Premium titanium and stainless steel, feather light.',
    typeWeights: [75, 15, 5, 5],
    shapes: ['rectangle', 'round', 'oval', 'geometric', 'aviator', 'square'],
    materials: ['TI', 'SST', 'MET', 'ACE'],
    priceBand: [999, 2999],
  },
];

export const MATERIALS = [
  { code: 'ACE', name: 'Acetate', description: 'Plant-based cellulose acetate with rich, polished colours.', home: true },
  { code: 'MET', name: 'Metal', description: 'Classic nickel-free metal alloy frames with adjustable nose pads.', home: true },
  { code: 'TR90', name: 'TR90', description: 'Flexible, memory-retaining thermoplastic: light and hard to break.', home: true },
  { code: 'TI', name: 'Titanium', description: 'Hypoallergenic, corrosion-proof and the lightest metal frames.', home: true },
  { code: 'SST', name: 'Stainless Steel', description: 'Slim, strong and rust-free steel frames.', home: false },
  { code: 'PC', name: 'Polycarbonate', description: 'Impact-resistant polycarbonate, ideal for kids and sport.', home: false },
] as const;

export const SHAPES = [
  { code: 'rectangle', abbr: 'RE', name: 'Rectangle', description: 'Wider than tall: a sharp, professional look.', home: true },
  { code: 'round', abbr: 'RO', name: 'Round', description: 'Circular lenses with a vintage feel.', home: true },
  { code: 'aviator', abbr: 'AV', name: 'Aviator', description: 'Teardrop lenses with a double bridge.', home: true },
  { code: 'cat-eye', abbr: 'CE', name: 'Cat Eye', description: 'Upswept outer corners for a retro flair.', home: true },
  { code: 'wayfarer', abbr: 'WF', name: 'Wayfarer', description: 'Trapezoid lenses, bold brow line.', home: true },
  { code: 'square', abbr: 'SQ', name: 'Square', description: 'Equal proportions and strong angles.', home: true },
  { code: 'oval', abbr: 'OV', name: 'Oval', description: 'Soft, balanced curves that suit most faces.', home: false },
  { code: 'geometric', abbr: 'GE', name: 'Geometric', description: 'Hexagonal and angular lens outlines.', home: false },
  { code: 'clubmaster', abbr: 'CM', name: 'Clubmaster', description: 'Browline frames with a bold upper rim.', home: false },
] as const;

export const GENDERS = ['Men', 'Women', 'Kids', 'Unisex'] as const;

export const SIZES = [
  { name: 'Small', min: 44, max: 49 },
  { name: 'Medium', min: 50, max: 53 },
  { name: 'Large', min: 54, max: 58 },
] as const;

export const COLOURS: [string, string][] = [
  ['Black', '#1B1B1B'],
  ['Matte Black', '#2E2E2E'],
  ['Gunmetal', '#53565A'],
  ['Silver', '#C0C4C8'],
  ['Gold', '#C9A54A'],
  ['Rose Gold', '#B76E79'],
  ['Tortoise', '#7A4A2A'],
  ['Havana Brown', '#5C3A21'],
  ['Crystal Clear', '#DCE6EC'],
  ['Navy Blue', '#1F3A68'],
  ['Royal Blue', '#2F5FB3'],
  ['Sky Blue', '#7CC0E8'],
  ['Burgundy', '#7B1E3A'],
  ['Wine Red', '#8E2C48'],
  ['Red', '#C8282E'],
  ['Olive Green', '#5B6B3A'],
  ['Emerald', '#1F7A5A'],
  ['Grey', '#8A8F95'],
  ['Transparent Pink', '#F2B8C6'],
  ['Purple', '#6B4C9A'],
  ['Copper', '#B0652F'],
  ['Champagne', '#D8C7A0'],
  ['White', '#F2F2F2'],
  ['Sunflower Yellow', '#F2C230'],
];

/** Palettes per material (colour names). Kids frames add bright colours. */
export const PALETTES: Record<string, string[]> = {
  ACE: ['Black', 'Tortoise', 'Havana Brown', 'Crystal Clear', 'Burgundy', 'Navy Blue', 'Olive Green', 'Transparent Pink', 'Grey', 'Wine Red'],
  MET: ['Gold', 'Silver', 'Gunmetal', 'Black', 'Rose Gold', 'Copper', 'Champagne'],
  TR90: ['Matte Black', 'Navy Blue', 'Grey', 'Wine Red', 'Emerald', 'Royal Blue', 'Purple', 'Black'],
  TI: ['Gunmetal', 'Silver', 'Gold', 'Matte Black', 'Champagne', 'Rose Gold'],
  SST: ['Silver', 'Gunmetal', 'Black', 'Gold', 'Rose Gold'],
  PC: ['Black', 'Red', 'Royal Blue', 'Sky Blue', 'Sunflower Yellow', 'Transparent Pink', 'White'],
  KIDS: ['Red', 'Royal Blue', 'Sky Blue', 'Sunflower Yellow', 'Transparent Pink', 'Purple', 'Emerald', 'Black'],
  ACCESSORY: ['Black', 'Navy Blue', 'Havana Brown', 'Grey', 'Burgundy', 'Gold', 'Silver', 'Emerald'],
};

export const PRODUCT_TYPES = [
  { id: 1, code: 'eyeglasses', name: 'Eyeglasses frame' },
  { id: 2, code: 'sunglasses', name: 'Sunglasses' },
  { id: 3, code: 'reading', name: 'Reading glasses' },
  { id: 4, code: 'accessory', name: 'Accessory' },
] as const;

/** HSN and GST per product type (domain-india.md §1.3, rates from 22 Sep 2025). */
export const TAX_BY_TYPE: Record<1 | 2 | 3, { hsn: string; rate: number }> = {
  1: { hsn: '9003', rate: 5 }, // frames and mountings
  2: { hsn: '900410', rate: 18 }, // sunglasses (non-corrective), 9004 10
  3: { hsn: '900490', rate: 5 }, // corrective spectacles incl. ready readers, 9004 90
};

/**
 * Accessories. Cases are HSN 4202 at 18% (domain-india.md §1.3, medium confidence); the cloth and
 * cord rates are marked UNVERIFIED there (6307, believed 5% under ₹2,500); the metal chain is
 * taken as 7326 at 18% — all to be signed off by the company's CA.
 */
export const ACCESSORIES = [
  { abbr: 'HC', name: 'Hard Case', hsn: '4202', rate: 18, price: [149, 299] },
  { abbr: 'SP', name: 'Soft Pouch', hsn: '4202', rate: 18, price: [59, 129] },
  { abbr: 'MC', name: 'Microfibre Cloth', hsn: '6307', rate: 5, price: [19, 59] },
  { abbr: 'SC', name: 'Spectacle Cord', hsn: '6307', rate: 5, price: [49, 149] },
  { abbr: 'CH', name: 'Beaded Chain', hsn: '7326', rate: 18, price: [99, 349] },
] as const;

export const COLLECTIONS = [
  'Everyday Classics',
  'Office Edit',
  'Street Style',
  'Little Explorers',
  'Summer 2026',
  'Feather Light',
  'Festive Edit',
  'Titanium Atelier',
] as const;

export const EXTRA_TAGS = ['Bestseller', 'New Arrival', 'Blue Light Ready', 'Spring Hinges', 'Adjustable Nose Pads', 'Polarised', 'UV400'] as const;

export const WEIGHT_GROUPS = [
  { max: 14, name: 'Light (under 15 g)' },
  { max: 25, name: 'Medium (15–25 g)' },
  { max: Infinity, name: 'Heavy (over 25 g)' },
] as const;

export const MANUFACTURER =
  'Frameport Eyewear Distributors LLP, Plot 12, IDA Uppal, Hyderabad, Telangana 500039, India';

export const COMPANY = {
  name: 'Frameport Eyewear Distributors LLP',
  address: '4th Floor, Cyber Pearl, HITEC City, Madhapur, Hyderabad, Telangana 500081, India',
  contactNumber: '+91 40 4012 3456',
  emailId: 'support@frameport.test',
  gstin: '36AAPFU0939F1ZW',
  pan: 'AAPFU0939F',
  stateCode: '36',
};

/** The company's single `corporate_details` row (the supplier on every tax invoice). */
export const CORPORATE_DETAILS_ROW = {
  id: 1,
  companyName: COMPANY.name,
  address: COMPANY.address,
  contactNumber: COMPANY.contactNumber,
  emailId: COMPANY.emailId,
  gstin: COMPANY.gstin,
  pan: COMPANY.pan,
  stateCode: COMPANY.stateCode,
};

export const CONFIG_ROWS: [string, string, string][] = [
  ['CompanyStateCode', '36', 'GST state code of the supplier (Telangana)'],
  ['CartExpiryHours', '24', 'Cart lines expire this many hours after they were added'],
  ['CatalogPageSize', '14', 'Products per catalogue page'],
  ['MaxQuantityPerEntry', '100', 'Largest quantity accepted in one add-to-cart entry'],
  ['NewArrivalDays', '90', 'Products released within this many days are new arrivals'],
  ['LowStockThreshold', '5', 'Variants at or below this stock are shown as low stock'],
  ['Currency', 'INR', 'Currency of every price'],
  ['SupportEmail', 'support@frameport.test', 'Where retailers write for help'],
  ['SupportPhone', '+91 40 4012 3456', 'Customer care number'],
  ['InvoicePrefix', 'FP', 'Invoice series prefix (FP/26-27/00001)'],
  ['OrderPrefix', 'FP', 'Order reference prefix (FP/2026-27/000001)'],
];

const p = (...paras: string[]) => paras.map((t) => `<p>${t}</p>`).join('\n');
const ul = (...items: string[]) => `<ul>\n${items.map((t) => `<li>${t}</li>`).join('\n')}\n</ul>`;
const ol = (...items: string[]) => `<ol>\n${items.map((t) => `<li>${t}</li>`).join('\n')}\n</ol>`;
const lines = (...parts: string[]) => parts.join('\n');

/**
 * Every page of PAGE_NAMES, as an admin would write it. The seed stores them through the page
 * sanitizer (modules/content/sanitize.ts) like PUT /api/admin/pages does; FOOTER carries the year.
 */
export const PAGES: { pageName: PageName; title: string; content: string; year?: string }[] = [
  {
    pageName: 'ABOUTUS',
    title: 'About us',
    content: lines(
      '<h2>About Frameport</h2>',
      p(
        'Frameport is a Hyderabad-based wholesale distributor of spectacle frames, sunglasses, reading glasses and accessories for optical retailers across India. Founded in 2020, we now supply more than 2,400 retail partners.',
        'We stock over 2,500 styles in the value segment (₹500–₹1,200 at retail) across five house brands, and ship about half a million units a year from our Hyderabad warehouse to every State and Union Territory.',
      ),
      '<h3>Our brands</h3>',
      ul(
        '<strong>Frameport Classic</strong>: everyday metal and acetate frames',
        '<strong>Urban Optix</strong>: fashion frames for young adults',
        '<strong>Kids Zone</strong>: flexible TR90 frames for children',
        '<strong>SunStreet</strong>: UV400 sunglasses',
        '<strong>Lumen Pro</strong>: lightweight titanium frames',
      ),
      p('Our sales executives visit stores across the South and West every month and can place orders on your behalf.'),
    ),
  },
  {
    pageName: 'CONTACTUS',
    title: 'Contact us',
    content: lines(
      '<h2>Contact us</h2>',
      p(
        'Frameport Eyewear Distributors LLP<br>4th Floor, Cyber Pearl, HITEC City, Madhapur, Hyderabad, Telangana 500081',
        'Customer care: <a href="tel:+914040123456">+91 40 4012 3456</a> (Monday to Saturday, 10:00–19:00 IST)',
        'Email: <a href="mailto:support@frameport.test">support@frameport.test</a>',
      ),
      '<h3>Before you call</h3>',
      p('Keep your order number (FP/2026-27/…) or invoice number at hand; we can then answer most questions on the first call.'),
    ),
  },
  {
    pageName: 'ORDERTRACKING',
    title: 'Order tracking',
    content: lines(
      '<h2>Tracking your order</h2>',
      p('Every order moves through these steps; you can see the current one under <em>My orders</em>.'),
      ol(
        '<strong>Placed</strong>: we have your order and have reserved the stock.',
        '<strong>Confirmed</strong>: our team has checked the order and the invoice is raised.',
        '<strong>Dispatched</strong>: the parcel has left our Hyderabad warehouse; we email the courier name and docket number.',
        '<strong>Delivered</strong>: the courier has handed the parcel over at your store.',
      ),
      p('Most metro deliveries arrive within 3–5 working days of dispatch, other towns within 7. An order can be <strong>Cancelled</strong> only before it is dispatched.'),
    ),
  },
  {
    pageName: 'FAQS',
    title: 'Frequently asked questions',
    content: lines(
      '<h2>Frequently asked questions</h2>',
      '<h3>Is there a minimum order?</h3>',
      p('No. Your account has a maximum quantity per colour, per order and a maximum order value; you can see them in your profile.'),
      '<h3>How long do items stay in my cart?</h3>',
      p('Cart lines are held for 24 hours after you add them. After that they are marked expired and are not ordered.'),
      '<h3>How is GST charged?</h3>',
      p('Retailers in Telangana pay CGST and SGST; retailers in every other State or UT pay IGST. Frames are charged at 5% and sunglasses at 18%.'),
      '<h3>Can my sales executive order for me?</h3>',
      p('Yes. A sales executive linked to your store can fill your cart and place orders in your name; every such order is recorded with their name.'),
    ),
  },
  {
    pageName: 'AFTERSALESERVICES',
    title: 'After-sale services',
    content: lines(
      '<h2>After-sale services</h2>',
      ul(
        'Report transit damage within 48 hours of delivery with photographs of the package and the frames; we replace damaged pieces free of charge.',
        'Manufacturing defects are covered by the product warranty. Send the frame back with the invoice number and we repair or replace it within 10 working days.',
        'Spare nose pads, screws and temple tips for our own brands are sent free with your next order; ask customer care.',
      ),
    ),
  },
  {
    pageName: 'TERMSANDCONDITIONS',
    title: 'Terms and conditions',
    content: lines(
      '<h2>Terms and conditions</h2>',
      p(
        'This portal is for registered optical retailers and Frameport staff only. Prices are wholesale prices excluding GST and may change without notice; the price on the day you place an order applies.',
        'Orders are subject to stock availability. Invoices are payable within 30 days of the invoice date unless agreed otherwise in writing.',
        'Disputes are subject to the jurisdiction of the courts at Hyderabad, Telangana.',
      ),
    ),
  },
  {
    pageName: 'SHIPPINGANDRETURNS',
    title: 'Shipping and returns',
    content: lines(
      '<h2>Shipping and returns</h2>',
      '<table>',
      '<thead><tr><th>Order value (before GST)</th><th>Shipping</th></tr></thead>',
      '<tbody><tr><td>Up to ₹10,000</td><td>Flat ₹150</td></tr><tr><td>Above ₹10,000</td><td>Free</td></tr></tbody>',
      '</table>',
      p(
        'We ship Monday to Saturday from Hyderabad through insured courier.',
        'Unsold stock can be returned within 30 days in original packaging for credit against your next order, except accessories and frames bought in a clearance sale.',
      ),
    ),
  },
  {
    pageName: 'PRODUCTWARRANTY',
    title: 'Product warranty',
    content: lines(
      '<h2>Product warranty</h2>',
      p('Frames carry a 1-year warranty against manufacturing defects; Lumen Pro titanium frames carry 2 years. Covered:'),
      ul('Broken hinges and weld failures', 'Peeling or flaking plating', 'Lenses of SunStreet sunglasses that lose their UV400 coating'),
      p('The warranty does not cover scratches, accidental damage, or frames altered by a third party.'),
    ),
  },
  {
    pageName: 'CODEOFBUSINESSCONDUCT',
    title: 'Code of business conduct',
    content: lines(
      '<h2>Code of business conduct</h2>',
      p('We deal honestly with retailers, suppliers and each other. In particular, we:'),
      ul(
        'issue a proper GST invoice for every sale;',
        'never accept or offer bribes, gifts or favours to win business;',
        'treat every retailer alike on price and terms, whatever their size;',
        'protect the personal data our retailers share with us and use it only to serve them.',
      ),
    ),
  },
  {
    pageName: 'BUSINESSETHICS',
    title: 'Business ethics',
    content: lines(
      '<h2>Business ethics</h2>',
      p(
        'Frameport sources only from manufacturers that meet safety standards for materials in contact with skin, pay fair wages and follow local labour law.',
        'Report any concern confidentially to <a href="mailto:ethics@frameport.test">ethics@frameport.test</a>. Nobody who reports in good faith will suffer for it.',
      ),
    ),
  },
  {
    pageName: 'PAYMENTPOLICY',
    title: 'Payment policy',
    content: lines(
      '<h2>Payment policy</h2>',
      p(
        'Pay any invoice online from <em>My invoices</em> by UPI, card or net banking through a secure payment link. Part payments are accepted; the balance stays on the invoice.',
        'Payments are applied to the invoice as soon as the payment gateway confirms them. Keep the transaction number for your records.',
        'Invoices are due within 30 days of the invoice date. For a bank transfer (NEFT/RTGS), write to <a href="mailto:accounts@frameport.test">accounts@frameport.test</a> for our account details; we never change them by phone.',
      ),
    ),
  },
  {
    pageName: 'FOOTER',
    title: 'Footer',
    year: '2026',
    content: '<p>© 2026 Frameport Eyewear Distributors LLP, Hyderabad. GSTIN 36AAPFU0939F1ZW. All rights reserved.</p>',
  },
];

export const BANNERS: {
  title: string;
  flags: Partial<
    Record<
      | 'isHomeBanner'
      | 'isLoginBanner'
      | 'isNewArrivalBanner'
      | 'isMaterialBanner'
      | 'isPriceRangeBanner'
      | 'isFrameBanner'
      | 'isColourBanner',
      boolean
    >
  >;
}[] = [
  { title: 'The Monsoon Edit', flags: { isHomeBanner: true } },
  { title: 'Kids Zone: Back to School', flags: { isHomeBanner: true } },
  { title: 'SunStreet UV400 Sunglasses', flags: { isHomeBanner: true } },
  { title: 'Welcome to Frameport', flags: { isLoginBanner: true } },
  { title: 'Fresh Arrivals', flags: { isNewArrivalBanner: true } },
  { title: 'Titanium, Acetate, TR90', flags: { isMaterialBanner: true } },
  { title: 'Frames under ₹1,200', flags: { isPriceRangeBanner: true } },
  { title: 'Every Shape, Every Face', flags: { isFrameBanner: true } },
  { title: 'Colours of the Season', flags: { isColourBanner: true } },
];

export const PRICE_RANGES: { label: string; min: number; max: number | null }[] = [
  { label: 'Under ₹600', min: 0, max: 59_999 },
  { label: '₹600–₹800', min: 60_000, max: 80_000 },
  { label: '₹800–₹1,000', min: 80_001, max: 100_000 },
  { label: '₹1,000–₹1,200', min: 100_001, max: 120_000 },
  { label: 'Above ₹1,200', min: 120_001, max: null },
];
