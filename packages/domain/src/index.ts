export * from './messages.ts';
export * from './validation.ts';
