export * from './envelope.ts';
export * from './auth.ts';
export * from './zod-messages.ts';
export * from './catalogue.ts';
export * from './cart.ts';
export * from './orders.ts';
export * from './account.ts';
export * from './content.ts';
