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

export async function startServer(handler: RequestListener, options: { port: number; host?: string }): Promise<RunningServer> {
  const server = createServer(handler);
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 120_000;
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
