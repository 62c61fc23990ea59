// The clients' own share of a read: a loopback server that answers instantly with bytes recorded
// from the real service. An MCP `tools/call` gets the recorded JSON-RPC answer (its id swapped
// in); every other MCP message (the client's `server/discover` when it connects) is passed to
// the real service; a GET gets the recorded REST body. Timing the same clients against it
// shows how much of a call's latency the clients spend, whatever the server does.
import http from 'node:http';

const TIMEOUT_MS = 30_000;

function readAll(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function forwardHeaders(req, token) {
  const headers = { ...req.headers, authorization: `Bearer ${token}` };
  for (const name of ['host', 'content-length', 'connection']) delete headers[name];
  return headers;
}

/** Starts the replay server for `serviceUrl` (calls forwarded with `token`); `restBody` is what a GET answers. */
export async function startReplayServer({ serviceUrl, token, restBody }) {
  let recorded; // the real answer to the first tools/call, parsed
  const server = http.createServer(async (req, res) => {
    try {
      const body = await readAll(req);
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(restBody) });
        res.end(restBody);
        return;
      }
      const message = JSON.parse(body.toString('utf8'));
      if (message.method !== 'tools/call' || !recorded) {
        const real = await fetch(`${serviceUrl}/mcp`, {
          method: 'POST',
          headers: forwardHeaders(req, token),
          body,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        const text = await real.text();
        if (message.method === 'tools/call') recorded = JSON.parse(text);
        res.writeHead(real.status, { 'content-type': real.headers.get('content-type') ?? 'application/json' });
        res.end(text);
        return;
      }
      const answer = JSON.stringify({ ...recorded, id: message.id });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) });
      res.end(answer);
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
