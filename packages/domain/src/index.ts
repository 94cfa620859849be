export * from './messages.ts';
export * from './validation.ts';
export * from './money.ts';
export * from './gst.ts';
export * from './discount.ts';
export * from './line-totals.ts';
export * from './limits.ts';
export * from './catalogue-search.ts';
