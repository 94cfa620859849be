import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { isStorableText, text } from './text.ts';

describe('text(): the contract string, text PostgreSQL can store', () => {
  it('takes ordinary text in any script, emoji (surrogate pairs) and control characters other than NUL', () => {
    for (const value of ['', 'Asha Rao', 'नमस्ते', 'مرحبا \u202Eabc', '😀 frames', 'tab\tnew\nline\u0001']) {
      expect(isStorableText(value), JSON.stringify(value)).toBe(true);
      expect(text().parse(value)).toBe(value);
    }
  });

  it('refuses NUL and unpaired surrogates, naming the field', () => {
    const schema = z.object({ Lines: z.array(z.object({ Note: text().check(z.trim(), z.maxLength(20)) })) });
    for (const bad of ['a\u0000b', '\u0000', 'x\uD800', '\uDC00y', 'a\uDE00\uD83Db']) {
      expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
      const result = schema.safeParse({ Lines: [{ Note: bad }] });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('"Lines.0.Note" contains characters that are not allowed (NUL or invalid Unicode).');
    }
  });

  it('takes checks and wrappers like z.string(): trim, length limits and optional still apply', () => {
    expect(text().check(z.trim(), z.maxLength(3)).parse('  abc  ')).toBe('abc');
    expect(text().check(z.maxLength(3)).safeParse('abcd').success).toBe(false);
    expect(z.optional(text()).parse(undefined)).toBeUndefined();
  });
});
