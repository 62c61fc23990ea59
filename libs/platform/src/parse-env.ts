import type { z } from 'zod';

export type EnvResult<T> = { ok: true; config: Readonly<T> } | { ok: false; problems: string[] };

/**
 * Parses the environment with an app's config schema: empty variables count as unset, the
 * result is frozen, and every problem becomes one readable line ("PORT: ...").
 */
export function parseEnv<S extends z.ZodType>(schema: S, env: Record<string, string | undefined>): EnvResult<z.output<S>> {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = schema.safeParse(present);
  if (result.success) return { ok: true, config: Object.freeze(result.data) as Readonly<z.output<S>> };
  return { ok: false, problems: result.error.issues.map((issue) => `${issue.path.join('.') || 'config'}: ${issue.message}`) };
}
