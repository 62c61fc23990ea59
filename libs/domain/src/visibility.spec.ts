// The cases of the rule itself; libs/db/test/visibility.test.ts checks that the Prisma and SQL
// forms decide every case the same way on a real database.
import { describe, expect, it } from 'vitest';
import { canSee, visibleParentId } from './visibility.js';

describe('canSee', () => {
  const member = { memberOf: ['acc-1', 'acc-3'] };
  const outsider = { memberOf: ['acc-2'] };
  const nobody = { memberOf: [] };

  it('when the ontology is public then anyone authenticated sees it', () => {
    for (const viewer of [member, outsider, nobody]) expect(canSee({ accountId: 'acc-1', visibility: 'public' }, viewer)).toBe(true);
  });

  it('when the ontology is private then only members of its account see it', () => {
    expect(canSee({ accountId: 'acc-1', visibility: 'private' }, member)).toBe(true);
    expect(canSee({ accountId: 'acc-1', visibility: 'private' }, outsider)).toBe(false);
    expect(canSee({ accountId: 'acc-1', visibility: 'private' }, nobody)).toBe(false);
  });
});

describe('visibleParentId', () => {
  const viewer = { memberOf: ['acc-1'] };

  it('when the parent is visible then its id is kept', () => {
    expect(visibleParentId('p', { accountId: 'acc-2', visibility: 'public' }, viewer)).toBe('p');
    expect(visibleParentId('p', { accountId: 'acc-1', visibility: 'private' }, viewer)).toBe('p');
  });

  it('when the parent is hidden, missing or absent then parent_id is null', () => {
    expect(visibleParentId('p', { accountId: 'acc-2', visibility: 'private' }, viewer)).toBeNull();
    expect(visibleParentId('p', undefined, viewer)).toBeNull();
    expect(visibleParentId(null, undefined, viewer)).toBeNull();
  });
});
