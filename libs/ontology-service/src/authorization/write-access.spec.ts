import { describe, expect, it } from 'vitest';
import { AppError } from '@oms/domain';
import type { WriteAccessState } from '@oms/db';
import { roleIn, writeAccessError } from './write-access.js';

const ACCOUNT = '0190a000-0000-7000-8000-00000000000a';
const OTHER = '0190a000-0000-7000-8000-00000000000b';

function state(overrides: Partial<WriteAccessState> = {}): WriteAccessState {
  return {
    credentialActive: true,
    userExists: true,
    account: { id: ACCOUNT, ownerId: 'owner', personal: false },
    memberships: [{ accountId: ACCOUNT, role: 'member' }],
    ...overrides,
  };
}

const codeOf = (error: AppError | undefined) => error?.code;

describe('writeAccessError', () => {
  it('when the credential and the user are live and nothing else is asked then the write may go ahead', () => {
    expect(writeAccessError(state({ account: null, memberships: [] }), {})).toBeUndefined();
  });

  it('when the credential was revoked then it is 401, whatever else holds', () => {
    expect(codeOf(writeAccessError(state({ credentialActive: false }), {}))).toBe('unauthorized');
    expect(codeOf(writeAccessError(state({ credentialActive: false }), { accountId: ACCOUNT }))).toBe('unauthorized');
  });

  it('when the user is gone then it is 401, whatever else holds', () => {
    expect(codeOf(writeAccessError(state({ userExists: false }), {}))).toBe('unauthorized');
    expect(codeOf(writeAccessError(state({ userExists: false }), { accountId: ACCOUNT }))).toBe('unauthorized');
  });

  it('when the caller is a member of the account then a member-level write may go ahead', () => {
    expect(writeAccessError(state(), { accountId: ACCOUNT })).toBeUndefined();
  });

  it('when the caller is no longer a member then it is 404 by default, or the refusal the write names', () => {
    const gone = state({ memberships: [{ accountId: OTHER, role: 'admin' }] });
    expect(codeOf(writeAccessError(gone, { accountId: ACCOUNT }))).toBe('not_found');
    const forbidden = new AppError('forbidden');
    expect(writeAccessError(gone, { accountId: ACCOUNT, notMember: forbidden })).toBe(forbidden);
  });

  it('when the account is gone then it is the not-a-member refusal, even with a membership row read', () => {
    expect(codeOf(writeAccessError(state({ account: null }), { accountId: ACCOUNT }))).toBe('not_found');
  });

  it('when the account read is another one than asked about then the caller counts as no member of it', () => {
    const mismatched = state({ account: { id: OTHER, ownerId: 'owner', personal: false } });
    expect(codeOf(writeAccessError(mismatched, { accountId: ACCOUNT }))).toBe('not_found');
  });

  it('when an admin-only write comes from a plain member then it is 403 by default, or the refusal the write names', () => {
    expect(codeOf(writeAccessError(state(), { accountId: ACCOUNT, role: 'admin' }))).toBe('forbidden');
    const named = new AppError('forbidden', { message: 'Only admins.' });
    expect(writeAccessError(state(), { accountId: ACCOUNT, role: 'admin', notAdmin: named })).toBe(named);
  });

  it('when an admin-only write comes from an admin then it may go ahead', () => {
    expect(writeAccessError(state({ memberships: [{ accountId: ACCOUNT, role: 'admin' }] }), { accountId: ACCOUNT, role: 'admin' })).toBeUndefined();
  });
});

describe('roleIn', () => {
  it('when the caller is a member of the account read then it is their role there', () => {
    expect(roleIn(state({ memberships: [{ accountId: OTHER, role: 'member' }, { accountId: ACCOUNT, role: 'admin' }] }), ACCOUNT)).toBe('admin');
  });

  it('when the account was not read or not found then there is no role', () => {
    expect(roleIn(state({ account: null }), ACCOUNT)).toBeUndefined();
    expect(roleIn(state(), OTHER)).toBeUndefined();
  });
});
