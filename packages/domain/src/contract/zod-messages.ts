import { z } from 'zod/mini';

/**
 * Readable default messages for every schema check that has no message of its own.
 * Checks that carry a spec text ('Please enter Email') keep it; everything else names the
 * field: `"pageSize" must be at most 100`. Call once at start-up (server and web).
 */
export function fieldName(path: readonly PropertyKey[] | undefined): string {
  const names = (path ?? []).map(String);
  return names.length > 0 ? `"${names.join('.')}"` : 'The value';
}

function bound(origin: unknown, value: unknown, inclusive: boolean | undefined, direction: 'most' | 'least'): string {
  const limit = String(value);
  if (origin === 'string') return `at ${direction} ${limit} characters long`;
  if (origin === 'array' || origin === 'set') return `at ${direction} ${limit} items`;
  if (inclusive === false) return `${direction === 'most' ? 'less' : 'greater'} than ${limit}`;
  return `at ${direction} ${limit}`;
}

export function readableIssueMessage(issue: z.core.$ZodRawIssue): string {
  const field = fieldName(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return `${field} is required`;
      if (issue.expected === 'int') return `${field} must be a whole number`;
      return `${field} must be ${issue.expected === 'array' || issue.expected === 'object' ? 'an' : 'a'} ${issue.expected}`;
    case 'too_big':
      return `${field} must be ${bound(issue.origin, issue.maximum, issue.inclusive, 'most')}`;
    case 'too_small':
      if (issue.origin === 'string' && issue.minimum === 1) return `${field} is required`;
      return `${field} must be ${bound(issue.origin, issue.minimum, issue.inclusive, 'least')}`;
    case 'invalid_format':
      return `${field} is not a valid ${issue.format === 'regex' ? 'value' : issue.format}`;
    case 'invalid_value':
      return `${field} must be one of: ${issue.values.map(String).join(', ')}`;
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
    default:
      return `${field} is not valid`;
  }
}

let configured = false;

export function configureZodMessages(): void {
  if (configured) return;
  configured = true;
  z.config({ customError: (issue) => readableIssueMessage(issue) });
}
