// The stdio bridge's configuration: where the service is, the API token to use (SPEC 5) and
// the toolsets to ask for beside the 12 tools (DESIGN 7).
import { z } from 'zod';
import { logLevelSetting } from '@oms/platform';

const ConfigSchema = z.object({
  SERVICE_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be the service address, e.g. https://onto.example.com' }),
  SERVICE_API_TOKEN: z.string({ error: 'is not set: create an API token (POST /api/v1/users, /api/v1/auth or the settings page)' }).min(1),
  SERVICE_TOOLSETS: z
    .string()
    .regex(/^\s*[A-Za-z0-9_-]+(?:\s*,\s*[A-Za-z0-9_-]+)*\s*$/, { error: 'must be toolset names separated by commas, e.g. terms (or all)' })
    .optional(),
  LOG_LEVEL: logLevelSetting.default('warn'),
});

/** `mcpUrl`: {SERVICE_BASE_URL}/mcp, with ?toolsets= when SERVICE_TOOLSETS names any (DESIGN 7). */
export type StdioConfig = { baseUrl: string; mcpUrl: string; token: string; logLevel: string };

/** The service's /mcp address for these toolsets (the service refuses names it does not know). */
export function mcpUrlOf(baseUrl: string, toolsets: string | undefined): string {
  const names = (toolsets ?? '').split(',').map((name) => name.trim()).filter((name) => name !== '');
  return names.length > 0 ? `${baseUrl}/mcp?toolsets=${names.map(encodeURIComponent).join(',')}` : `${baseUrl}/mcp`;
}

export function loadConfig(env: Record<string, string | undefined>): { ok: true; config: StdioConfig } | { ok: false; problems: string[] } {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = ConfigSchema.safeParse(present);
  if (!result.success) {
    return { ok: false, problems: result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`) };
  }
  const baseUrl = result.data.SERVICE_BASE_URL.replace(/\/+$/, '');
  return {
    ok: true,
    config: { baseUrl, mcpUrl: mcpUrlOf(baseUrl, result.data.SERVICE_TOOLSETS), token: result.data.SERVICE_API_TOKEN, logLevel: result.data.LOG_LEVEL },
  };
}
