import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { nodeExchange } from './node-exchange.js';

const LIMIT = 64 * 1024;
const MODERN = '2026-07-28';

function echoServer(): McpServer {
  const server = new McpServer({ name: 'echo', version: '1.0.0' });
  server.registerTool(
    'echo',
    { description: 'Echoes its text.', inputSchema: z.object({ text: z.string() }), outputSchema: z.object({ text: z.string() }) },
    ({ text }) => ({ content: [{ type: 'text', text: JSON.stringify({ text }) }], structuredContent: { text } }),
  );
  return server;
}

function modernCall(id: number, text: string) {
  return {
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: {
      name: 'echo',
      arguments: { text },
      _meta: {
        'io.modelcontextprotocol/protocolVersion': MODERN,
        'io.modelcontextprotocol/clientInfo': { name: 'spec', version: '1.0.0' },
        'io.modelcontextprotocol/clientCapabilities': {},
      },
    },
  };
}

describe('one /mcp exchange on Node (nodeExchange)', () => {
  let base = '';
  let server: Server;
  const errors: Error[] = [];
  beforeAll(async () => {
    const handler = createMcpHandler(() => echoServer(), { onerror: (error) => errors.push(error), maxRequestBodySize: LIMIT });
    const serve = nodeExchange(handler, { maxRequestBodySize: LIMIT, onerror: (error) => errors.push(error) });
    server = createServer((req, res) => void serve(req, res));
    server.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(base, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': MODERN,
        'mcp-method': 'tools/call',
        'mcp-name': 'echo',
        ...headers,
      },
      body,
    });

  it('when a modern tool call arrives then the JSON answer is written whole, with its Content-Length', async () => {
    const text = 'ü'.repeat(20_000); // multi-byte: the length must count bytes, not characters
    const response = await post(JSON.stringify(modernCall(7, text)));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(bytes.byteLength);
    const answer = JSON.parse(bytes.toString('utf8')) as { id: number; result: { structuredContent: { text: string } } };
    expect(answer.id).toBe(7);
    expect(answer.result.structuredContent.text).toBe(text);
  });

  it('when a 2025-era client initializes then the legacy path answers from the parsed body alone', async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 3,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'spec', version: '1.0.0' } },
    };
    const response = await fetch(base, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify(initialize),
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    const json = text.startsWith('{') ? text : (/^data: (.*)$/m.exec(text)?.[1] ?? '');
    const answer = JSON.parse(json) as { id: number; result: { serverInfo: { name: string } } };
    expect(answer.id).toBe(3);
    expect(answer.result.serverInfo.name).toBe('echo');
  });

  it('when the body is not JSON then the answer is a JSON-RPC parse error (400), not a crash', async () => {
    const response = await post('{"jsonrpc": "2.0", "id": 1, "method": ');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: number } }).error.code).toBe(-32700);
  });

  it('when the body is larger than the limit then the answer is 413 and nothing is dispatched', async () => {
    const response = await post(JSON.stringify(modernCall(1, 'x'.repeat(LIMIT))));
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/Payload Too Large/);
  });

  it('when a chunked body grows past the limit (no Content-Length) then the answer is still 413', async () => {
    const chunks = [JSON.stringify(modernCall(1, 'x'.repeat(LIMIT))).slice(0, LIMIT / 2), 'y'.repeat(LIMIT)];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    });
    const response = await fetch(base, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
  });

  it('when the content type is not JSON then the SDK refuses it with 415', async () => {
    const response = await post(JSON.stringify(modernCall(1, 'a')), { 'content-type': 'text/plain' });
    expect(response.status).toBe(415);
  });

  it('when a 2025-era client initializes then it is served on the same endpoint', async () => {
    const response = await fetch(base, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'old', version: '1.0.0' } },
      }),
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('"protocolVersion":"2025-11-25"');
  });

  it('when the client goes away before the answer then the server keeps serving others', async () => {
    const aborted = new AbortController();
    const pending = post(JSON.stringify(modernCall(1, 'a')), {}).catch(() => undefined);
    const gone = fetch(base, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(modernCall(2, 'b')),
      signal: aborted.signal,
    }).catch(() => undefined);
    aborted.abort();
    await Promise.all([pending, gone]);
    const response = await post(JSON.stringify(modernCall(3, 'c')));
    expect(response.status).toBe(200);
  });
});
