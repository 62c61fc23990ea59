// Real MCP clients for tests: the v2 client pinned to the current revision, or the
// initialize-handshake (2025-era) client, over streamable HTTP.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

export type Era = 'modern' | 'legacy';

/** `headers` are sent with every request of the session (e.g. a User-Agent to find them in a log). */
export async function connectMcp(baseUrl: string, token: string, era: Era, headers: Record<string, string> = {}): Promise<Client> {
  return connectMcpAt(`${baseUrl}/mcp`, token, era, headers);
}

/** Like connectMcp, at a whole /mcp address (e.g. `{base}/mcp?toolsets=terms`). */
export async function connectMcpAt(url: string, token: string, era: Era, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client(
    { name: 'oms-test-client', version: '1.0.0' },
    era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
  );
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { ...headers, Authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

/** The JSON of a tool result: structuredContent, checked against the text content. */
export function resultJson(result: { structuredContent?: unknown; content?: unknown }): any {
  const [first] = (result.content ?? []) as { type: string; text?: string }[];
  const fromText = first?.type === 'text' && first.text ? JSON.parse(first.text) : undefined;
  if (result.structuredContent !== undefined && fromText !== undefined) {
    if (JSON.stringify(result.structuredContent) !== JSON.stringify(fromText)) throw new Error('text and structuredContent differ');
  }
  return result.structuredContent ?? fromText;
}

export function resultText(result: { content?: unknown }): string {
  return ((result.content ?? []) as { type: string; text?: string }[]).map((part) => part.text ?? '').join('\n');
}
