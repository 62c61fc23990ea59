import { describe, expect, it } from 'vitest';
import { formatCredential, parseCredential } from './credential.js';

describe('credential header', () => {
  it('when a credential is formatted then parsing gives it back', () => {
    for (const credential of [
      { kind: 'api_token', id: '0190a000-0000-7000-8000-000000000001' },
      { kind: 'oauth_grant', id: 'Gx_7-abc' },
    ] as const) {
      expect(parseCredential(formatCredential(credential))).toEqual(credential);
    }
  });

  it.each([
    ['nothing', undefined],
    ['a number', 7],
    ['an unknown kind', 'password abc'],
    ['no id', 'api_token'],
    ['an empty id', 'api_token '],
    ['an id with odd characters', 'api_token a;b'],
    ['an extra part', 'api_token a b'],
    ['an id too long', `api_token ${'a'.repeat(257)}`],
  ])('when the header holds %s then it names no credential', (_label, value) => {
    expect(parseCredential(value)).toBeUndefined();
  });
});
