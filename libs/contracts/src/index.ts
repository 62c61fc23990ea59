export * from './text.js';
export * from './field-errors.js';
export * from './users.js';
export * from './accounts.js';
export * from './tokens.js';
