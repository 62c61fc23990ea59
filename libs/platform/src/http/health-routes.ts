// /healthz (the process answers) and /readyz (each dependency it needs answers too).
import { Router } from 'express';

/** Named checks, e.g. `{ database: () => db.ping() }`; a check that throws counts as down. */
export type ReadinessChecks = Readonly<Record<string, () => Promise<boolean>>>;

export function healthRoutes(checks: ReadinessChecks): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const results = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => [name, await check().catch(() => false)] as const),
    );
    const ready = results.every(([, up]) => up);
    res.status(ready ? 200 : 503).json({ status: ready ? 'ok' : 'unavailable', ...Object.fromEntries(results) });
  });
  return router;
}
