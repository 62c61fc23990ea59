// The Node side of one /mcp exchange, leaner than the SDK's generic adapter on the hot path:
// the body is read once and handed to the handler already parsed (so the SDK neither clones
// nor re-reads the request stream), and a JSON answer is written in one piece with its
// length. Event streams (SSE) are still written frame by frame, honouring backpressure, and a
// client that goes away aborts the exchange.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/server';

export type WebHandler = {
  fetch(request: Request, options?: { authInfo?: AuthInfo; parsedBody?: unknown }): Promise<Response>;
};

type BodyRead = { kind: 'ok'; text: string } | { kind: 'too-large' };

/** Reads the request body as UTF-8 text, refusing more than `maxBytes` (declared or received). */
async function readBody(req: IncomingMessage, maxBytes: number): Promise<BodyRead> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) return { kind: 'too-large' };
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of req as AsyncIterable<Buffer | string>) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    received += buffer.byteLength;
    if (received > maxBytes) return { kind: 'too-large' };
    chunks.push(buffer);
  }
  return { kind: 'ok', text: Buffer.concat(chunks, received).toString('utf8') };
}

function webHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  return headers;
}

const jsonRpcErrorBody = (code: number, message: string) => ({ jsonrpc: '2.0', error: { code, message }, id: null });
const INTERNAL_ERROR = [-32603, 'Internal server error'] as const;

function jsonRpcError(status: number, code: number, message: string, extraHeaders: Record<string, string> = {}): Response {
  return Response.json(jsonRpcErrorBody(code, message), { status, headers: extraHeaders });
}

function parseJson(text: string): { parsed: unknown } | undefined {
  if (text.length === 0) return undefined;
  try {
    return { parsed: JSON.parse(text) as unknown };
  } catch {
    return undefined; // the handler answers malformed JSON itself (-32700)
  }
}

async function writeStream(response: Response, res: ServerResponse, aborted: AbortSignal): Promise<void> {
  const body = response.body;
  if (!body) return;
  let release: (() => void) | undefined;
  const drained = () => {
    release?.();
    release = undefined;
  };
  res.on('drain', drained);
  const closed = new Promise<void>((resolve) => aborted.addEventListener('abort', () => resolve(), { once: true }));
  try {
    for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
      if (aborted.aborted) break;
      if (!res.write(chunk)) await Promise.race([new Promise<void>((resolve) => (release = resolve)), closed]);
    }
  } catch {
    // the stream failed or the client went away: end what was sent
  } finally {
    res.off('drain', drained);
  }
}

/** Serves one exchange of `handler` on a Node request/response pair. */
export function nodeExchange(
  handler: WebHandler,
  options: { maxRequestBodySize: number; onerror: (error: Error) => void },
): (req: IncomingMessage & { auth?: AuthInfo }, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    let finished = false;
    const abort = new AbortController();
    res.on('close', () => {
      if (!finished) abort.abort();
    });
    let response: Response;
    try {
      const method = (req.method ?? 'GET').toUpperCase();
      const hasBody = method !== 'GET' && method !== 'HEAD';
      const read: BodyRead = hasBody ? await readBody(req, options.maxRequestBodySize) : { kind: 'ok', text: '' };
      if (read.kind === 'too-large') {
        response = jsonRpcError(413, -32000, `Payload Too Large: Request body must not exceed ${options.maxRequestBodySize} bytes`, {
          connection: 'close',
        });
      } else {
        const json = hasBody ? parseJson(read.text) : undefined;
        const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, {
          method,
          headers: webHeaders(req),
          signal: abort.signal,
          // A parsed body travels as parsedBody alone; only text that is not JSON goes along, so
          // that the handler answers it with its own parse error.
          ...(hasBody && !json && read.text.length > 0 ? { body: read.text } : {}),
        });
        response = await handler.fetch(request, {
          ...(req.auth ? { authInfo: req.auth } : {}),
          ...(json ? { parsedBody: json.parsed } : {}),
        });
      }
    } catch (error) {
      options.onerror(error instanceof Error ? error : new Error(String(error)));
      response = jsonRpcError(500, ...INTERNAL_ERROR);
    }

    const headers: Record<string, string> = {};
    for (const [name, value] of response.headers) headers[name] = value;
    const streaming = (response.headers.get('content-type') ?? '').startsWith('text/event-stream');
    if (response.body === null || !streaming) {
      // A whole answer (JSON, or nothing): one write with its length.
      let bytes: Buffer | undefined;
      let status = response.status;
      try {
        bytes = response.body === null ? undefined : Buffer.from(await response.arrayBuffer());
      } catch (error) {
        options.onerror(error instanceof Error ? error : new Error(String(error)));
        status = 500;
        bytes = Buffer.from(JSON.stringify(jsonRpcErrorBody(...INTERNAL_ERROR)));
        headers['content-type'] = 'application/json';
      }
      if (bytes) headers['content-length'] = String(bytes.byteLength);
      res.writeHead(status, headers);
      finished = true;
      res.end(bytes);
      return;
    }
    res.writeHead(response.status, headers);
    await writeStream(response, res, abort.signal);
    finished = true;
    res.end();
  };
}
