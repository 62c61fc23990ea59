import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_TIMEOUTS, startServer, type RunningServer } from './start-server.js';

let server: RunningServer;
beforeAll(async () => {
  // The defaults scaled down 20 times, so the test runs in seconds.
  server = await startServer((_req, res) => res.end('ok'), { port: 0, host: '127.0.0.1', timeouts: { headersMs: 1_000, requestMs: 6_000, keepAliveMs: 3_250 } });
});
afterAll(async () => {
  await server?.close(1_000);
});

/** Opens a socket, lets `drip` write to it, answers what came back and when the server closed it. */
function hold(drip: (write: (text: string) => void) => void): Promise<{ ms: number; answer: string }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let answer = '';
    const socket = connect(server.port, '127.0.0.1', () => drip((text) => socket.write(text)));
    socket.on('data', (chunk) => (answer += String(chunk)));
    socket.on('error', reject);
    socket.on('close', () => resolve({ ms: Date.now() - started, answer }));
  });
}

describe('server timeouts', () => {
  it('when the defaults are read then headers get 20 s and an idle keep-alive socket outlasts a 60 s load balancer', () => {
    expect(SERVER_TIMEOUTS.headersMs).toBeLessThanOrEqual(20_000);
    expect(SERVER_TIMEOUTS.keepAliveMs).toBeGreaterThan(60_000);
    expect(server.server.headersTimeout).toBe(1_000);
  });

  it('when a client connects and sends nothing then the socket is closed after the headers timeout', async () => {
    const { ms } = await hold(() => undefined);
    expect(ms).toBeLessThan(2_500);
  });

  it('when a client sends a header line now and then (slowloris) then it gets 408 and is cut off', async () => {
    let timer: NodeJS.Timeout | undefined;
    const { ms, answer } = await hold((write) => {
      write('GET / HTTP/1.1\r\nHost: x\r\n');
      timer = setInterval(() => write('X-Slow: 1\r\n'), 200);
    });
    clearInterval(timer);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeLessThan(2_500);
  });

  it('when a keep-alive socket idles longer than the headers timeout between requests then its next request is still answered', async () => {
    const { answer } = await hold((write) => {
      write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
      setTimeout(() => write('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'), 2_000);
    });
    expect(answer.match(/HTTP\/1\.1 200/g)).toHaveLength(2);
  });
});
