import { describe, expect, it } from 'vitest';
import { presentProfile } from './profile.js';

describe('presentProfile', () => {
  const user = { id: 'u1', name: '<script>alert(1)</script>', email: 'A@Example.com', timeZone: 'UTC', createdAt: new Date('2026-01-02T03:04:05.006Z') };

  it('when the name holds markup then the content escapes it', () => {
    const profile = presentProfile(user, 'key');
    expect(profile.content).not.toContain('<script>');
    expect(profile.content).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('when the e-mail differs only in case then the avatar is the same', () => {
    expect(presentProfile(user, 'k').avatar_url).toBe(presentProfile({ ...user, email: 'a@example.com' }, 'k').avatar_url);
  });
});
