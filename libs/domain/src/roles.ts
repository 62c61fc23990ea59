// Roles of a user in an account, and what each may do.

export const ROLES = ['admin', 'member'] as const;
export type Role = (typeof ROLES)[number];

export function canManageMembers(role: Role | undefined): boolean {
  return role === 'admin';
}
