// Before serving, make sure the service answers and accepts the token, so a misconfigured
// agent gets one clear line and an exit instead of a hang.
const TIMEOUT_MS = 4_000;

/** `url`: the service's /mcp address, with the toolsets asked for. */
export async function checkService(url: string, token: string): Promise<string | null> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-06-18',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'ping' }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${TIMEOUT_MS / 1000} s` : 'connection failed';
    return `cannot reach ${url} (${reason}); check SERVICE_BASE_URL and that the service is running`;
  }
  if (response.status === 400) {
    const body = (await response.json().catch(() => ({}))) as { message?: unknown };
    return `${url} answered 400${typeof body.message === 'string' ? `: ${body.message}` : ''} (check SERVICE_TOOLSETS)`;
  }
  await response.body?.cancel().catch(() => undefined);
  if (response.status === 401 || response.status === 403) {
    return `SERVICE_API_TOKEN was refused by ${url} (HTTP ${response.status}); create a new API token and set it`;
  }
  if (response.status >= 500) return `${url} answered HTTP ${response.status}; the service is not healthy`;
  if (response.status === 404) return `${url} answered 404; SERVICE_BASE_URL must be the service's base address`;
  return null;
}
