// A stdio MCP server whose every request is answered by the service's /mcp endpoint, so
// all tools run in one place (DESIGN 4). Both protocol eras are served on stdio by the SDK.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Server } from '@modelcontextprotocol/server';

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
  server.setRequestHandler('tools/call', (request) => remote.callTool(request.params));
  server.setRequestHandler('prompts/list', (request) => remote.listPrompts(request.params));
  server.setRequestHandler('prompts/get', (request) => remote.getPrompt(request.params));
  server.setRequestHandler('resources/list', (request) => remote.listResources(request.params));
  server.setRequestHandler('resources/templates/list', (request) => remote.listResourceTemplates(request.params));
  server.setRequestHandler('resources/read', (request) => remote.readResource(request.params));
  return server;
}
