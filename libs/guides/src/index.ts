// Reference texts the agent-tool server serves as prompts, resources and tool results.
export { DOMAIN_MODEL_GUIDE } from './domain-model.js';
export { TOOL_PATTERNS_GUIDE } from './tool-patterns.js';
export { ormWorkflowGuide } from './orm-workflow.js';
export { ORM2_TEMPLATE } from './orm-template.js';
