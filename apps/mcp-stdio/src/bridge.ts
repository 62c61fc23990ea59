// A stdio MCP server whose every request is answered by the service's /mcp endpoint, so
// all tools run in one place (DESIGN 4). Both protocol eras are served on stdio by the SDK.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Server, type CallToolResult } from '@modelcontextprotocol/server';

/** What an SDK stdio client reads per message by default (its ReadBuffer closes the session above it). */
export const STDIO_CLIENT_MESSAGE_MAX_BYTES = 10 * 1024 * 1024;
const ENVELOPE_ROOM = 64 * 1024;

const sizeOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');
const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/**
 * Tool results carry their JSON twice (text and structuredContent), so a result with a source
 * of 5 MB or more would not fit in one stdio message an SDK client accepts, and the client would
 * drop the whole session. Such a result keeps structuredContent and a short text instead of the
 * copy; one still too large (a page of several large sources) becomes an error saying what to do.
 */
export function fitForStdio(result: CallToolResult): CallToolResult {
  const limit = STDIO_CLIENT_MESSAGE_MAX_BYTES - ENVELOPE_ROOM;
  const bytes = sizeOf(result);
  if (bytes <= limit || result.structuredContent === undefined) return result;
  const note = {
    type: 'text' as const,
    text: `The result is ${megabytes(bytes)} MB, too large to send twice over stdio: its JSON is in structuredContent only.`,
  };
  const single = { ...result, content: [...result.content.filter((part) => part.type !== 'text'), note] };
  if (sizeOf(single) <= limit) return single;
  const text =
    `The result is ${megabytes(bytes)} MB, more than an MCP client reads in one stdio message (10 MB), so it was not sent. ` +
    'For a list, call again with a smaller limit (list_ontologies and search_ontologies carry every source). ' +
    'A single ontology or commit this large can be read through the REST API (GET /api/v1/ontologies/<id>) or the HTTP transport at /mcp.';
  return { isError: true, content: [{ type: 'text', text }] };
}

export async function connectRemote(baseUrl: string, token: string): Promise<Client> {
  const client = new Client({ name: 'oms-mcp-stdio', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

export function createBridgeServer(remote: Client): Server {
  const info = remote.getServerVersion() ?? { name: 'ontology-management-service', version: '1.0.0' };
  const server = new Server(
    { name: info.name, version: info.version },
    {
      capabilities: { tools: {}, prompts: {}, resources: {} },
      ...(remote.getInstructions() ? { instructions: remote.getInstructions() } : {}),
    },
  );
  server.setRequestHandler('tools/list', (request) => remote.listTools(request.params));
  server.setRequestHandler('tools/call', async (request) => fitForStdio((await remote.callTool(request.params)) as CallToolResult));
  server.setRequestHandler('prompts/list', (request) => remote.listPrompts(request.params));
  server.setRequestHandler('prompts/get', (request) => remote.getPrompt(request.params));
  server.setRequestHandler('resources/list', (request) => remote.listResources(request.params));
  server.setRequestHandler('resources/templates/list', (request) => remote.listResourceTemplates(request.params));
  server.setRequestHandler('resources/read', (request) => remote.readResource(request.params));
  return server;
}
