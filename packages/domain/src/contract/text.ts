import { z } from 'zod/mini';
import { messages } from '../messages.ts';
import { fieldName } from './zod-messages.ts';

/**
 * What PostgreSQL refuses to store in text: U+0000 (error 22021, "invalid byte sequence") and a
 * UTF-16 surrogate that is not half of a pair (22P05 in jsonb; in text it would silently become
 * U+FFFD). With the `u` flag a well-formed pair is one code point outside the range.
 */
const UNSTORABLE = /\0|[\uD800-\uDFFF]/u;

export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/**
 * The string of every contract schema (request and response alike, so no field is forgotten):
 * text a database can store, or a 400 naming the field. Add checks after it as on `z.string()`
 * (`text().check(z.trim(), z.maxLength(40))`); the contract does not use `z.string()` directly.
 */
export function text() {
  return z.string().check(z.refine(isStorableText, { error: (issue) => messages.http.unstorableText(fieldName(issue.path)) }));
}
