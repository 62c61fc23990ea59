export * from './errors.js';
export * from './semver.js';
export * from './passwords.js';
export * from './roles.js';
export * from './visibility.js';
export * from './commit-hash.js';
export * from './ontology-rules.js';
export * from './scopes.js';
