import { z } from 'zod/mini';
import { EMAIL_MAX_LENGTH } from '../validation.ts';
import { text } from './text.ts';

/** The largest PostgreSQL `integer` (INT4), the type of every database id. */
export const INT4_MAX = 2_147_483_647;

/** A database id sent by a caller: a larger number is a 400, not an out-of-range query. */
export const dbId = z.coerce.number().check(z.int(), z.positive(), z.lte(INT4_MAX));

/** Optional acting retailer in a query string (`email`): a sales executive (or admin) passes the retailer's email. */
export const actingEmail = z.optional(text().check(z.trim(), z.maxLength(EMAIL_MAX_LENGTH)));

/** The same in a JSON body (`Email`), where the web sends null while a retailer acts for itself. */
export const actingEmailBody = z.nullish(text().check(z.trim(), z.maxLength(EMAIL_MAX_LENGTH)));

/** Money on the wire is rupees (at most 2 decimals); the server keeps paise. */
export const rupees = z.number();
