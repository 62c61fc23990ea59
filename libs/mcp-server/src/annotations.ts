// Shared tool annotations (STYLE 8): what a client may assume about a tool.
export const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;
export const CREATES = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false } as const;
export const UPDATES = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false } as const;
export const DELETES = { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false } as const;
