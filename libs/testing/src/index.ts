// Helpers shared by the workspace's tests (never imported by production code: the lint
// refuses @oms/testing outside test files). Real clients only: Debian's Chromium through
// playwright-core, the MCP client SDK, the OAuth flow of an MCP client, the process table.
export * from './browser.js';
export * from './cluster.js';
export * from './mcp-client.js';
export * from './net.js';
export * from './oauth-client.js';
export * from './processes.js';
export * from './redis-process.js';
export * from './services.js';
