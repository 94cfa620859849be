/**
 * The marketing site's facts, written once so every page says the same thing. The spec gives
 * two partner figures (2,400+ and 2,000+); the site uses the newer, larger 2,400+ everywhere.
 */
export const COMPANY_FACTS = {
  founded: 2020,
  city: 'Hyderabad',
  partners: '2,400+',
  styles: '2,500+',
  unitsPerYear: 'half a million',
  valueSegment: '₹500 to ₹1,200',
} as const;

export const CAREERS_EMAIL = 'careers@frameport.test';
export const PRESS_EMAIL = 'press@frameport.test';
export const BUSINESS_EMAIL = 'business@frameport.test';

export const STATES_SERVED = [
  'Andhra Pradesh',
  'Delhi',
  'Gujarat',
  'Karnataka',
  'Kerala',
  'Maharashtra',
  'Odisha',
  'Tamil Nadu',
  'Telangana',
  'West Bengal',
] as const;

/** The five portfolio brands, as the catalogue names them. */
export const BRANDS = [
  {
    name: 'Frameport Classic',
    tagline: 'Dependable everyday frames for every counter.',
    body: 'Rectangles, ovals and wayfarers in acetate, metal and TR90: the frames that sell every week, priced for the value segment.',
  },
  {
    name: 'Urban Optix',
    tagline: 'Trend-led shapes in light TR90 and acetate.',
    body: 'Geometric, cat-eye and clubmaster fronts for younger customers, refreshed every season so your display keeps moving.',
  },
  {
    name: 'Kids Zone',
    tagline: 'Flexible, tough frames sized for children.',
    body: 'Soft TR90 and polycarbonate frames in small eye sizes, built to survive school bags and playgrounds.',
  },
  {
    name: 'SunStreet',
    tagline: 'UV400 sunglasses at honest prices.',
    body: 'Aviators, wayfarers and rounds with UV400 lenses, a steady seller from March to June and a gift-season favourite.',
  },
  {
    name: 'Lumen Pro',
    tagline: 'Premium titanium and stainless steel, feather light.',
    body: 'Our premium line for customers who want lighter, stronger frames: titanium and stainless steel, finished by hand.',
  },
] as const;
