// bin/mcp-stdio: a stdio MCP server bridged to {SERVICE_BASE_URL}/mcp (plus ?toolsets= from
// SERVICE_TOOLSETS) with the API token from SERVICE_API_TOKEN. Logs go to stderr only; stdout belongs to the protocol.
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { createLogger } from '@oms/platform';
import { pino } from 'pino';
import { connectRemote, createBridgeServer } from './bridge.js';
import { loadConfig } from './config.js';
import { checkService } from './preflight.js';

// The SDK reads at most 10 MiB per stdin message and closes the session above that, but a
// create_ontology call carrying a source of the allowed 10 MB (DESIGN 4) is larger once
// JSON-escaped. Take anything /mcp could take (16 MiB bodies) with room to spare, so an
// oversized call is refused by the service with an answer instead of ending the session.
const STDIN_MESSAGE_MAX_BYTES = 64 * 1024 * 1024;

function fail(message: string): never {
  process.stderr.write(`mcp-stdio: ${message}\n`);
  process.exit(1);
}

const loaded = loadConfig(process.env);
if (!loaded.ok) fail(loaded.problems.join('; '));
const { mcpUrl, token, logLevel } = loaded.config;
const logger = createLogger({ service: 'mcp-stdio', level: logLevel, destination: pino.destination(2) });

const problem = await checkService(mcpUrl, token);
if (problem) fail(problem);
const remote = await connectRemote(mcpUrl, token).catch((error: unknown) =>
  fail(`could not open an MCP session with ${mcpUrl}: ${error instanceof Error ? error.message : String(error)}`),
);
logger.info({ mcpUrl }, 'bridging stdio to the service');

const handle = serveStdio(() => createBridgeServer(remote), {
  transport: new StdioServerTransport(process.stdin, process.stdout, { maxBufferSize: STDIN_MESSAGE_MAX_BYTES }),
  onerror: (error) => logger.warn({ err: error }, 'stdio bridge error'),
});
const stop = async () => {
  await handle.close().catch(() => undefined);
  await remote.close().catch(() => undefined);
  process.exit(0);
};
process.stdin.on('end', () => void stop());
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
