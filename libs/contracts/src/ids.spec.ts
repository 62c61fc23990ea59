import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { parseId, uuid } from './ids.js';

const ID = '0190b000-0000-7000-8000-00000000000a';

describe('uuid', () => {
  it('when an id comes in upper or mixed case then it is answered in lower case', () => {
    expect(uuid.parse(ID.toUpperCase())).toBe(ID);
    expect(uuid.parse('0190B000-0000-7000-8000-00000000000a')).toBe(ID);
    expect(uuid.parse(ID)).toBe(ID);
  });

  it('when the value is not a UUID then it is refused with "is not a valid id"', () => {
    for (const value of ['abc', `${ID}0`, ` ${ID}`, ID.replace('a', 'g'), 42]) {
      const result = uuid.safeParse(value);
      expect(result.success, String(value)).toBe(false);
    }
    expect(uuid.safeParse('abc').error?.issues[0]?.message).toBe('is not a valid id');
  });

  it('when its JSON Schema is advertised then the pattern admits both cases', () => {
    const schema = z.toJSONSchema(uuid, { io: 'input' }) as { pattern: string };
    const pattern = new RegExp(schema.pattern);
    expect(pattern.test(ID)).toBe(true);
    expect(pattern.test(ID.toUpperCase())).toBe(true);
  });
});

describe('parseId', () => {
  it('when the value is an id then it is lower-cased, else null', () => {
    expect(parseId(ID.toUpperCase())).toBe(ID);
    expect(parseId('not-an-id')).toBeNull();
    expect(parseId(undefined)).toBeNull();
  });
});
