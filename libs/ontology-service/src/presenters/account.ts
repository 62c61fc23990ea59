import type { AccountResponse } from '@oms/contracts';

type AccountRow = {
  id: string;
  name: string;
  personal: boolean;
  ownerId: string;
  createdAt: Date;
  updatedAt: Date;
  accountUsers: { id: string; userId: string; role: string }[];
};

export function presentMembership(row: { id: string; userId: string; role: string }) {
  return { id: row.id, user_id: row.userId, role: row.role as 'admin' | 'member' };
}

export function presentAccount(row: AccountRow): AccountResponse {
  return {
    id: row.id,
    name: row.name,
    personal: row.personal,
    owner_id: row.ownerId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    account_users: row.accountUsers.map(presentMembership),
  };
}
