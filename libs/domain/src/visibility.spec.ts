import { describe, expect, it } from 'vitest';
import { canSee } from './visibility.js';

describe('canSee', () => {
  const mine = new Set(['acc-1']);

  it('when the ontology is public then anyone authenticated sees it', () => {
    expect(canSee({ accountId: 'acc-2', visibility: 'public' }, mine)).toBe(true);
  });

  it('when the ontology is private then only members of its account see it', () => {
    expect(canSee({ accountId: 'acc-1', visibility: 'private' }, mine)).toBe(true);
    expect(canSee({ accountId: 'acc-2', visibility: 'private' }, mine)).toBe(false);
  });
});
