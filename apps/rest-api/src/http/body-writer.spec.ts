import { createServer, get, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { bodyWriter, ClientGoneError, WriteDeadlineError } from './body-writer.js';

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** A server whose one request is handed to the test, and a client request that is not read yet. */
async function exchange(): Promise<{ res: ServerResponse; client: IncomingMessage; destroyClient(): void }> {
  let handed: (res: ServerResponse) => void = () => undefined;
  const response = new Promise<ServerResponse>((resolve) => (handed = resolve));
  server = createServer((_req, res) => handed(res));
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const req = get({ port, host: '127.0.0.1', path: '/' });
  req.on('error', () => undefined);
  const res = await response;
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.flushHeaders();
  const client = await new Promise<IncomingMessage>((resolve) => req.on('response', resolve));
  client.pause();
  client.on('error', () => undefined);
  return { res, client, destroyClient: () => req.destroy() };
}

const MiB = 'x'.repeat(1024 * 1024);

describe('bodyWriter', () => {
  it('when the client reads slowly then a write waits for drain and resolves true', async () => {
    const { res, client } = await exchange();
    const out = bodyWriter(res, { deadlineMs: 10_000 });
    let settled = false;
    // Enough to fill the socket buffers on both sides.
    const writes = (async () => {
      for (let i = 0; i < 32; i += 1) expect(await out.write(MiB)).toBe(true);
      settled = true;
    })();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(settled).toBe(false);
    client.resume();
    await writes;
    res.end();
    await new Promise((resolve) => client.on('end', resolve));
    expect(out.gone).toBe(false);
  });

  it('when the client goes away during a wait then the write resolves false and the signal aborts', async () => {
    const { res, destroyClient } = await exchange();
    const out = bodyWriter(res, { deadlineMs: 10_000 });
    const writes = (async () => {
      for (let i = 0; i < 64; i += 1) if (!(await out.write(MiB))) return i;
      return -1;
    })();
    await new Promise((resolve) => setTimeout(resolve, 100));
    destroyClient();
    expect(await writes).toBeGreaterThanOrEqual(0);
    expect(out.gone).toBe(true);
    expect(out.signal.reason).toBeInstanceOf(ClientGoneError);
    expect(await out.write('more')).toBe(false);
  });

  it('when the client takes nothing for the deadline then the connection is dropped and the write resolves false', async () => {
    const { res } = await exchange();
    const out = bodyWriter(res, { deadlineMs: 300 });
    const started = Date.now();
    let taken = 0;
    while (await out.write(MiB)) taken += 1;
    expect(taken).toBeLessThan(64);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(out.signal.reason).toBeInstanceOf(WriteDeadlineError);
    expect(res.destroyed).toBe(true);
  });
});
