// A request written by hand over node:net, so a test controls when each part of the body
// arrives (headers and a first part now, the rest later) and sees the answer as sent.
import { connect, type Socket } from 'node:net';

export type RawAnswer = { status: number; headers: Record<string, string>; body: string; closed: boolean };

export type RawRequest = {
  /** Sends more of the body. */
  write(chunk: string | Uint8Array): Promise<void>;
  /** The answer, once the server has sent all of it (or closed the connection); rejects after `deadlineMs`. */
  answer(deadlineMs?: number): Promise<RawAnswer>;
  /** Whether the server closed its side. */
  closed(): boolean;
  /** Resolves true once the server closes the connection, false if it has not within `deadlineMs`. */
  closedWithin(deadlineMs: number): Promise<boolean>;
  destroy(): void;
};

function parse(raw: string, closed: boolean): RawAnswer | undefined {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine = '', ...lines] = raw.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const at = line.indexOf(':');
    headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  const body = raw.slice(end + 4);
  const length = headers['content-length'];
  if (length !== undefined && Buffer.byteLength(body) < Number(length) && !closed) return undefined;
  if (length === undefined && headers['transfer-encoding'] === 'chunked' && !body.endsWith('0\r\n\r\n') && !closed) return undefined;
  return { status: Number(statusLine.split(' ')[1]), headers, body, closed };
}

/**
 * Opens a connection and sends the request line, the headers and `firstPart` of the body.
 * `headers` should include Content-Length (or the body is read as chunked by nobody).
 */
export async function startRawRequest(
  baseUrl: string,
  request: { method: string; path: string; headers: Record<string, string>; firstPart?: string },
): Promise<RawRequest> {
  const url = new URL(baseUrl);
  const socket: Socket = connect({ host: url.hostname, port: Number(url.port) });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let received = '';
  let ended = false;
  const waiters: (() => void)[] = [];
  const wake = () => waiters.splice(0).forEach((waiter) => waiter());
  socket.setEncoding('utf8');
  socket.on('data', (data: string) => {
    received += data;
    wake();
  });
  socket.on('close', () => {
    ended = true;
    wake();
  });
  socket.on('error', () => undefined);
  const head = [`${request.method} ${request.path} HTTP/1.1`, `Host: ${url.host}`, ...Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`)];
  const write = (chunk: string | Uint8Array) =>
    new Promise<void>((resolve, reject) => {
      if (socket.destroyed) return reject(new Error('the connection is closed'));
      socket.write(chunk, (error) => (error ? reject(error) : resolve()));
    });
  await write(`${head.join('\r\n')}\r\n\r\n${request.firstPart ?? ''}`);
  return {
    write,
    closed: () => ended,
    closedWithin: (deadlineMs) =>
      new Promise<boolean>((resolve) => {
        if (ended) return resolve(true);
        const timer = setTimeout(() => resolve(false), deadlineMs);
        waiters.push(function check() {
          if (!ended) return void waiters.push(check);
          clearTimeout(timer);
          resolve(true);
        });
      }),
    destroy: () => socket.destroy(),
    answer: (deadlineMs = 20_000) =>
      new Promise<RawAnswer>((resolve, reject) => {
        const timer = setTimeout(() => {
          socket.destroy();
          reject(new Error(`no complete answer within ${deadlineMs} ms; received: ${received.slice(0, 200)}`));
        }, deadlineMs);
        const check = () => {
          const answer = parse(received, ended);
          if (answer) {
            clearTimeout(timer);
            return resolve(answer);
          }
          if (ended) {
            clearTimeout(timer);
            return reject(new Error(`the connection closed without an answer; received: ${received.slice(0, 200)}`));
          }
          waiters.push(check);
        };
        check();
      }),
  };
}

/** A JSON body split in two: everything but its last `tail` characters, and those. */
export function splitBody(json: unknown, tail = 10): { body: string; first: string; rest: string; length: number } {
  const body = JSON.stringify(json);
  return { body, first: body.slice(0, -tail), rest: body.slice(-tail), length: Buffer.byteLength(body) };
}
