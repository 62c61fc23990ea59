// Tool arguments are validated by the MCP SDK against each tool's input schema, and a refusal
// reaches the agent as an isError result built from the schema's issue messages. zod's own
// messages ("Too small: expected number to be >=1", "Invalid input: expected string, received
// undefined") say what broke in zod's words but not what to do next (DESIGN 4). This wrapper
// rewrites the issues of one tool into one sentence per problem plus the next step; the
// JSON Schema the SDK advertises is untouched (it comes from `cached`).
import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import { cached } from './cached-schema.js';

type Segment = PropertyKey | { key: PropertyKey };
type Issue = {
  message: string;
  path?: readonly Segment[] | undefined;
  code?: string;
  expected?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  values?: readonly unknown[];
  keys?: readonly string[];
};
type Result = { value?: unknown; issues?: readonly Issue[] | undefined };

const ARTICLE: Record<string, string> = {
  int: 'an integer',
  number: 'a number',
  string: 'a string',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
};

const NEXT_STEP: Record<string, string> = {
  account_id: 'Take account ids from list_accounts.',
  id: 'Copy ids from earlier results (list_ontologies, search_ontologies, list_commits); do not guess them.',
  ontology_id: 'Copy ontology ids from list_ontologies or search_ontologies.',
  limit: 'limit is an integer from 1 to 100 (default 20); omit it for the default.',
  offset: 'offset is an integer of 0 or more (default 0); omit it for the default.',
  iri: 'Take the iri from a search_terms hit, or pass a CURIE such as GO:0008150.',
  version: 'version is a version such as 1.0.0 or a commit id from list_commits; omit it for the head.',
  kind: 'kind is one term kind or a list of them (class, object_property, datatype_property, annotation_property, property, concept, concept_scheme, individual, slot, enum, type, entity_type, value_type, fact_type).',
};

const fieldOf = (issue: Issue) =>
  (issue.path ?? []).map((segment) => String(typeof segment === 'object' ? segment.key : segment)).join('.');

function has(data: unknown, path: readonly Segment[] | undefined): boolean {
  let current = data;
  for (const segment of path ?? []) {
    const key = typeof segment === 'object' ? segment.key : segment;
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return false;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return true;
}

/** One problem in plain words, naming the parameter. */
function describeIssue(issue: Issue, data: unknown): string {
  const field = fieldOf(issue);
  const name = field ? `\`${field}\`` : 'the arguments';
  switch (issue.code) {
    case 'invalid_type':
      if (field && !has(data, issue.path)) return `${name} is required`;
      return `${name} must be ${ARTICLE[issue.expected ?? ''] ?? issue.expected}`;
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1 ? `${name} must not be empty` : `${name} must have at least ${issue.minimum} characters`;
      }
      return `${name} must be at least ${issue.minimum}`;
    case 'too_big':
      return issue.origin === 'string' ? `${name} must have at most ${issue.maximum} characters` : `${name} must be at most ${issue.maximum}`;
    case 'invalid_value':
      return `${name} must be one of ${(issue.values ?? []).map((value) => JSON.stringify(value)).join(', ')}`;
    case 'unrecognized_keys': {
      const keys = (issue.keys ?? []).map((key) => `\`${key}\``).join(', ');
      return `${keys} ${issue.keys?.length === 1 ? 'is not a parameter' : 'are not parameters'} of this tool (remove ${issue.keys?.length === 1 ? 'it' : 'them'})`;
    }
    default:
      // Our own messages ("is not a valid id", "must be a semantic version ...") follow the field name.
      return field ? `${name} ${issue.message}` : issue.message;
  }
}

/** The refusal as one sentence per problem and what to do next. */
function describeIssues(toolName: string, issues: readonly Issue[], data: unknown): string {
  const problems = issues.map((issue) => describeIssue(issue, data));
  const fields = [...new Set(issues.map((issue) => fieldOf(issue).split('.')[0] ?? ''))];
  const advice = fields.map((field) => NEXT_STEP[field]).filter(Boolean);
  return `${problems.join('; ')}. ${advice.join(' ')}${advice.length ? ' ' : ''}Correct the arguments as the tool's input schema describes and call ${toolName} again; nothing was changed.`;
}

/** The tool's input schema (JSON Schema conversions cached) with refusals worded for agents. */
export function toolInput<S extends StandardSchemaWithJSON>(toolName: string, schema: S): S {
  const base = cached(schema);
  const standard = base['~standard'];
  const reword = (result: Result, data: unknown): Result =>
    result.issues?.length ? { issues: [{ message: describeIssues(toolName, result.issues, data) }] } : result;
  return {
    '~standard': {
      ...standard,
      validate: (data: unknown) => {
        const result = standard.validate(data) as Result | Promise<Result>;
        return result instanceof Promise ? result.then((settled) => reword(settled, data)) : reword(result, data);
      },
    },
  } as unknown as S;
}
