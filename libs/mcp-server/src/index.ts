export { createMcpServer, SERVER_INFO } from './create-mcp-server.js';
export { createMcpHttpRouter, protectedResourceMetadataUrl, type Authenticator, type AuthenticatedActor, type McpHttpOptions } from './http-router.js';
export type { ToolContext } from './context.js';
export { RESOURCES } from './prompts.js';
export { bearerAuthenticator, type OAuthVerification } from './bearer-authenticator.js';
export type { Visualizer, Visualization, VisualizeRequest } from './visualizer.js';
