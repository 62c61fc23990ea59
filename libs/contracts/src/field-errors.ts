// Turns zod issues into the SPEC's 422 body: `{ errors: { field: [message] } }`, with
// Rails-style messages and the wrapper object (`user`, `ontology`, ...) left out of the key.
import type { z } from 'zod';

type FieldErrors = Record<string, string[]>;

function describeType(expected: string): string {
  const article = /^[aeiou]/.test(expected) ? 'an' : 'a';
  return `must be ${article} ${expected}`;
}

function messageFor(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? "can't be blank" : describeType(issue.expected);
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1 ? "can't be blank" : `is too short (minimum is ${issue.minimum} characters)`;
      }
      return `must be greater than or equal to ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return `is too long (maximum is ${issue.maximum} characters)`;
      return `must be less than or equal to ${issue.maximum}`;
    case 'invalid_value':
      return `must be one of: ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      return issue.message && !issue.message.startsWith('Invalid') ? issue.message : 'is invalid';
    default:
      return issue.message;
  }
}

export function toFieldErrors(error: z.ZodError, wrappers: readonly string[] = []): FieldErrors {
  // A Map, not an object: a client-chosen key such as "__proto__" must stay a plain key.
  const errors = new Map<string, string[]>();
  const add = (key: string, message: string) => {
    const list = errors.get(key) ?? [];
    if (!list.includes(message)) list.push(message);
    errors.set(key, list);
  };
  for (const issue of error.issues) {
    const path = issue.path.map(String);
    const atWrapper = issue.code === 'unrecognized_keys' || path.length > 1;
    if (atWrapper && wrappers.includes(path[0] ?? '')) path.shift();
    const prefix = path.join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add(prefix ? `${prefix}.${key}` : key, 'is not a permitted field');
      continue;
    }
    if (path.length === 0) {
      add('base', issue.code === 'invalid_type' ? 'the request body must be a JSON object' : messageFor(issue));
      continue;
    }
    add(prefix, messageFor(issue));
  }
  return Object.fromEntries(errors);
}
