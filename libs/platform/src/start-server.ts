// Listens, and closes gracefully: stop accepting, let in-flight requests finish (bounded by
// a timeout), then drop what is left.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestListener } from 'node:http';

export type RunningServer = {
  server: Server;
  port: number;
  close(timeoutMs: number): Promise<void>;
};

/**
 * A request's headers must arrive within 20 s of its first byte (of the connection, for a new
 * one): at 66 s, checked every 30 s, a client sending nothing or a header line now and then
 * held a socket for 84 s (slowloris). Idle keep-alive sockets between requests are governed by
 * keepAliveTimeout alone, which stays above a load balancer's usual 60 s idle timeout. A whole
 * request, body included (up to 16 MB), has 120 s.
 */
export const SERVER_TIMEOUTS = { headersMs: 20_000, requestMs: 120_000, keepAliveMs: 65_000 } as const;

export async function startServer(
  handler: RequestListener,
  options: { port: number; host?: string; timeouts?: { headersMs: number; requestMs: number; keepAliveMs: number } },
): Promise<RunningServer> {
  const timeouts = options.timeouts ?? SERVER_TIMEOUTS;
  // Node checks the two request timeouts on this interval (30 s by default).
  const server = createServer({ connectionsCheckingInterval: Math.min(5_000, Math.ceil(timeouts.headersMs / 4)) }, handler);
  server.keepAliveTimeout = timeouts.keepAliveMs;
  server.headersTimeout = timeouts.headersMs;
  server.requestTimeout = timeouts.requestMs;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    server,
    port,
    close: (timeoutMs) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => server.closeAllConnections(), timeoutMs);
        timer.unref();
        server.close(() => {
          clearTimeout(timer);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
