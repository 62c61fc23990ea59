/**
 * The OAuth scope of the agent-tool server (/mcp): what the consent page describes, what access
 * tokens for /mcp carry and what /mcp requires. An API token acts with all of its user's rights,
 * which is this scope.
 */
export const RESOURCE_SCOPE = 'ontologies';
