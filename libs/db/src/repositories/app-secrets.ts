import type { DbClient } from './db-client.js';

/**
 * Returns the named secret, creating it with `generate()` on first use. Concurrent first
 * starts agree on one value: the insert is conditional and everyone reads the winner.
 */
export async function getOrCreateSecret(db: DbClient, name: string, generate: () => string): Promise<string> {
  const existing = await db.appSecret.findUnique({ where: { name } });
  if (existing) return existing.value;
  await db.appSecret.createMany({ data: [{ name, value: generate() }], skipDuplicates: true });
  const stored = await db.appSecret.findUniqueOrThrow({ where: { name } });
  return stored.value;
}
