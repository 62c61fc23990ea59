// A stdio MCP server whose every request is answered by the service's /mcp endpoint, so
// all tools run in one place (DESIGN 4). Both protocol eras are served on stdio by the SDK.
import { Client, ProtocolError, SdkError, SdkErrorCode, SdkHttpError, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import { ProtocolErrorCode, Server, type CallToolResult } from '@modelcontextprotocol/server';

/** What an SDK stdio client reads per message by default (its ReadBuffer closes the session above it). */
const STDIO_CLIENT_MESSAGE_MAX_BYTES = 10 * 1024 * 1024;
const ENVELOPE_ROOM = 64 * 1024;
/** How long a result waits behind the progress relayed just before it (see tools/call). */
const PROGRESS_SETTLE_MS = 20;

const sizeOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');
const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const toolError = (text: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text }] });

/**
 * Tool results carry their JSON twice (text and structuredContent), so a result with a source
 * of 5 MB or more would not fit in one stdio message an SDK client accepts, and the client would
 * drop the whole session. Such a result keeps structuredContent and a short text instead of the
 * copy; one still too large (a page of several large sources) becomes an error saying what to do.
 */
function fitForStdio(result: CallToolResult): CallToolResult {
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
    'For a list, call again with a smaller limit. ' +
    'A single ontology or commit this large can be read through the REST API (GET /api/v1/ontologies/<id>) or the HTTP transport at /mcp.';
  return toolError(text);
}

/** `mcpUrl`: the service's /mcp address, with ?toolsets= when the agent asked for toolsets. */
export async function connectRemote(mcpUrl: string, token: string): Promise<Client> {
  const client = new Client({ name: 'oms-mcp-stdio', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  const transport = new StreamableHTTPClientTransport(new URL(mcpUrl), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

/** The HTTP status of a failed exchange with /mcp, when the service answered at all. */
function httpStatusOf(error: unknown): number | undefined {
  if (error instanceof UnauthorizedError) return 401;
  if (SdkHttpError.isInstance(error)) return error.status;
  return undefined;
}

/**
 * What an agent should do when the service could not be asked (as opposed to an answer that
 * says no, which the service words itself): the token was refused, the service is away or
 * overloaded, the call was too large. Transport details (URLs, bodies, stacks) stay out.
 */
export function describeRemoteFailure(error: unknown): string {
  const status = httpStatusOf(error);
  if (status === 401 || status === 403) {
    return (
      `The service refused SERVICE_API_TOKEN (HTTP ${status}): the token was revoked, has expired or lacks access. ` +
      'Ask the user to create a new API token (settings area, API Tokens tab), set SERVICE_API_TOKEN to it and restart bin/mcp-stdio; retrying will not help.'
    );
  }
  if (status === 413) {
    return 'The call was larger than the service accepts in one request (16 MB). Send a smaller source; nothing was changed.';
  }
  if (status === 429) return 'Too many requests: wait a little and retry.';
  if (status === undefined && SdkError.isInstance(error) && error.code === SdkErrorCode.RequestTimeout) {
    return (
      'The service did not answer in time. Retry in a moment; a write may or may not have been saved, ' +
      'so read it back (read_ontology, list_commits) before repeating it.'
    );
  }
  if (status !== undefined && status < 500) {
    return `The service answered HTTP ${status} to this call. Check the arguments against the tool's input schema and retry once; if it persists, tell the user.`;
  }
  const reason = status === undefined ? 'could not be reached' : `is temporarily unavailable (HTTP ${status})`;
  return (
    `The service ${reason}. Retry in a few seconds; a write may or may not have been saved, ` +
    'so read it back (read_ontology, list_commits) before repeating it. If it persists, check that the service at SERVICE_BASE_URL is running.'
  );
}

/**
 * Forwards one request. An error answered by the service (a JSON-RPC error such as an unknown
 * tool) passes through unchanged; a failure to reach it is worded by describeRemoteFailure and
 * answered by `unreached`: for tools/call an isError result that says what to do next
 * (DESIGN 4), for the other methods an internal error instead of the HTTP client's raw message.
 */
async function forward<T>(request: () => Promise<T>, unreached: (text: string) => T = internalError): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (ProtocolError.isInstance(error)) throw error;
    return unreached(describeRemoteFailure(error));
  }
}

function internalError(text: string): never {
  throw new ProtocolError(ProtocolErrorCode.InternalError, text);
}

export function createBridgeServer(remote: Client): Server {
  // Progress is routed by the bridge's own tokens, not the SDK client's `onprogress`: the client
  // runs a notification's handler a microtask after reading it but forgets a request's progress
  // handler as soon as it reads the response, so when the last progress notification and the
  // result arrive in one read, `onprogress` never sees that notification.
  const relays = new Map<string, (update: { progress: number; total?: number; message?: string }) => void>();
  let tokens = 0;
  remote.setNotificationHandler('notifications/progress', (notification) => {
    const { progressToken, ...update } = notification.params;
    relays.get(String(progressToken))?.(update);
  });

  const info = remote.getServerVersion() ?? { name: 'ontology-management-service', version: '1.0.0' };
  const server = new Server(
    { name: info.name, version: info.version },
    {
      capabilities: { tools: {}, prompts: {}, resources: {} },
      ...(remote.getInstructions() ? { instructions: remote.getInstructions() } : {}),
    },
  );
  server.setRequestHandler('tools/list', (request) => forward(() => remote.listTools(request.params)));
  server.setRequestHandler('tools/call', async (request, ctx) => {
    // Progress the agent asked for (visualize_ontology reports it) is relayed under the agent's
    // own token; the HTTP leg asks for it under one of the remote client's.
    const { _meta, ...params } = request.params;
    const { progressToken, ...meta } = _meta ?? {};
    // Notifications are sent before the result: each relay is awaited before the answer goes out
    // (under load a notification still being written could otherwise reach the agent after it).
    const relayed: Promise<unknown>[] = [];
    const token = progressToken === undefined ? undefined : `bridge-${(tokens += 1)}`;
    if (token !== undefined) {
      relays.set(token, (update) => {
        relayed.push(ctx.mcpReq.notify({ method: 'notifications/progress', params: { ...update, progressToken } }).catch(() => undefined));
      });
    }
    const forwardedMeta = token === undefined ? meta : { ...meta, progressToken: token };
    const forwarded = Object.keys(forwardedMeta).length > 0 ? { ...params, _meta: forwardedMeta } : params;
    try {
      const result = await forward(() => remote.callTool(forwarded) as Promise<CallToolResult>, toolError);
      // Handlers of notifications read with the result run in the microtasks before this turn ends.
      await new Promise((resolve) => setImmediate(resolve));
      await Promise.all(relayed);
      // A short pause after the last relayed notification, so that an agent's SDK client usually
      // reads it in a chunk of its own: that client drops progress read together with the result.
      if (relayed.length > 0) await new Promise((resolve) => setTimeout(resolve, PROGRESS_SETTLE_MS));
      return fitForStdio(result);
    } finally {
      if (token !== undefined) relays.delete(token);
    }
  });
  server.setRequestHandler('prompts/list', (request) => forward(() => remote.listPrompts(request.params)));
  server.setRequestHandler('prompts/get', (request) => forward(() => remote.getPrompt(request.params)));
  server.setRequestHandler('resources/list', (request) => forward(() => remote.listResources(request.params)));
  server.setRequestHandler('resources/templates/list', (request) => forward(() => remote.listResourceTemplates(request.params)));
  server.setRequestHandler('resources/read', (request) => forward(() => remote.readResource(request.params)));
  return server;
}
