// The stdio bridge's configuration: where the service is and the API token to use (SPEC 5).
import { z } from 'zod';
import { logLevelSetting } from '@oms/platform';

const ConfigSchema = z.object({
  SERVICE_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be the service address, e.g. https://onto.example.com' }),
  SERVICE_API_TOKEN: z.string({ error: 'is not set: create an API token (POST /api/v1/users, /api/v1/auth or the settings page)' }).min(1),
  LOG_LEVEL: logLevelSetting.default('warn'),
});

export type StdioConfig = { baseUrl: string; token: string; logLevel: string };

export function loadConfig(env: Record<string, string | undefined>): { ok: true; config: StdioConfig } | { ok: false; problems: string[] } {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = ConfigSchema.safeParse(present);
  if (!result.success) {
    return { ok: false, problems: result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`) };
  }
  return {
    ok: true,
    config: { baseUrl: result.data.SERVICE_BASE_URL.replace(/\/+$/, ''), token: result.data.SERVICE_API_TOKEN, logLevel: result.data.LOG_LEVEL },
  };
}
