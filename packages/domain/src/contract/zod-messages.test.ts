import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { configureZodMessages } from './zod-messages.ts';

configureZodMessages();

function messagesOf(schema: z.ZodType, value: unknown): string[] {
  return schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];
}

describe('readable zod messages', () => {
  const Query = z.object({
    pageSize: z.coerce.number().int().min(1).max(100),
    name: z.string().max(5),
    email: z.email(),
    kind: z.enum(['a', 'b']),
    note: z.string().min(1, 'Please enter a note'),
  });

  it('names the field for checks without a message of their own', () => {
    const issues = messagesOf(Query, { pageSize: '500', name: 'abcdefg', email: 'x', kind: 'c', note: 'ok' });
    expect(issues).toEqual([
      '"pageSize" must be at most 100',
      '"name" must be at most 5 characters long',
      '"email" is not a valid email',
      '"kind" must be one of: a, b',
    ]);
  });

  it('says a missing field is required and a fraction is not a whole number', () => {
    expect(messagesOf(Query.pick({ pageSize: true }), {})).toEqual(['"pageSize" must be a number']);
    expect(messagesOf(z.object({ name: z.string() }), {})).toEqual(['"name" is required']);
    expect(messagesOf(Query.pick({ pageSize: true }), { pageSize: '2.5' })).toEqual(['"pageSize" must be a whole number']);
  });

  it('keeps a message written on the schema (the spec texts)', () => {
    expect(messagesOf(Query.pick({ note: true }), { note: '' })).toEqual(['Please enter a note']);
  });
});
