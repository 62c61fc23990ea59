// Before serving, make sure the service answers and accepts the token, so a misconfigured
// agent gets one clear line and an exit instead of a hang.
const TIMEOUT_MS = 4_000;

export async function checkService(baseUrl: string, token: string): Promise<string | null> {
  const url = `${baseUrl}/mcp`;
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
  await response.body?.cancel().catch(() => undefined);
  if (response.status === 401 || response.status === 403) {
    return `SERVICE_API_TOKEN was refused by ${url} (HTTP ${response.status}); create a new API token and set it`;
  }
  if (response.status >= 500) return `${url} answered HTTP ${response.status}; the service is not healthy`;
  if (response.status === 404) return `${url} answered 404; SERVICE_BASE_URL must be the service's base address`;
  return null;
}
