import { describe, expect, it } from 'vitest';
import { generateApiToken, hashApiToken } from './api-token.js';

describe('api tokens', () => {
  it('when a token is generated then it has 256 random bits and is stored only as its hash', () => {
    const { token, tokenHash } = generateApiToken();
    expect(Buffer.from(token.slice(4), 'base64url')).toHaveLength(32);
    expect(tokenHash).toBe(hashApiToken(token));
    expect(tokenHash).not.toContain(token.slice(4));
  });

  it('when two tokens are generated then they differ', () => {
    expect(generateApiToken().token).not.toBe(generateApiToken().token);
  });
});
