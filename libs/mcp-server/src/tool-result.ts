// Tool results: the JSON both as structuredContent and as text (older clients read only
// text), and expected failures as `isError` results that tell the agent what to do next.
import type { CallToolResult } from '@modelcontextprotocol/server';
import { TOOL_RESULT_MAX_CHARS } from '@oms/contracts';
import { isAppError, type AppError } from '@oms/domain';
import { withinBudget } from './result-budget.js';

/**
 * A result within the budget (DESIGN 7): a list page that would pass it keeps the items that fit
 * and says where to go on; anything else is refused with what to ask for instead.
 */
export function ok(structured: Record<string, unknown>): CallToolResult {
  const fitted = withinBudget(structured);
  if (!fitted.ok) {
    return toolError(
      `The result would be ${fitted.chars} characters, more than a tool result may carry (${TOOL_RESULT_MAX_CHARS}). ` +
        'Ask for less: a smaller limit, or a smaller source_length when reading a source.',
    );
  }
  return { content: [{ type: 'text', text: fitted.text }], structuredContent: fitted.structured };
}

export type Hints = {
  /** What to do when the id names nothing visible, e.g. "Call list_ontologies to find ids." */
  notFound?: string;
  /** The whole text for not_found, when the call names more than an id (a term in a version of an ontology). */
  notFoundText?: string;
};

const FIELD_HINTS: Record<string, string> = {
  account_id: 'Call list_accounts to find the ids of your accounts (and the owning account of an ontology in read_ontology).',
  source: 'Fix the source where the message says (it must parse as its source_format) and send the whole corrected source again.',
  version: 'Pass a semantic version greater than the current one, or omit version to bump the patch automatically.',
  parent_id: 'Use the id of an ontology you can see (list_ontologies), and do not make an ontology its own ancestor.',
};

function describeFailure(error: AppError, hints: Hints): string {
  switch (error.code) {
    case 'not_found':
      return hints.notFoundText ?? `Not found: nothing with this id is visible to you. ${hints.notFound ?? 'Check the id.'}`;
    case 'validation_failed': {
      const fields = Object.entries(error.fieldErrors ?? {});
      const problems = fields.map(([field, messages]) => `${field} ${messages.join('; ')}`).join('. ');
      const advice = [...new Set(fields.map(([field]) => FIELD_HINTS[field]).filter(Boolean))].join(' ');
      return `Invalid input: ${problems}.${advice ? ` ${advice}` : ''}`;
    }
    case 'forbidden':
      return `Not allowed: ${error.message} You can read a public ontology of another account but not change or delete it: compare its account_id (read_ontology) with your accounts (list_accounts), or create your own copy with create_ontology.`;
    case 'unauthorized':
      return 'Not authenticated: your token is missing, expired or revoked. Sign in again (reconnect the MCP client) and retry.';
    case 'precondition_failed':
      return `${error.message}`;
    case 'conflict':
      // Says what conflicts and what to ask for instead (e.g. a version whose terms are still being indexed).
      return `${error.message}`;
    case 'rate_limited':
      return 'Too many requests: wait a little and retry.';
    case 'unavailable':
      return 'The service is temporarily unavailable (a database or queue it needs is not reachable). Retry in a few seconds; a write may or may not have been saved, so read it back (read_ontology, list_commits) before repeating it.';
    default:
      return 'The service failed to complete this call. Nothing was changed if it was a write; retry in a moment.';
  }
}

/** A refusal the agent reads: an isError result with the text alone. */
export function toolError(text: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }] };
}

export function failure(error: unknown, hints: Hints = {}): CallToolResult {
  return toolError(isAppError(error) ? describeFailure(error, hints) : describeFailure({ code: 'internal' } as AppError, hints));
}

/** Runs a tool body; expected failures become isError results, never protocol errors. */
export async function runTool(body: () => Promise<Record<string, unknown>>, hints: Hints = {}): Promise<CallToolResult> {
  try {
    return ok(await body());
  } catch (error) {
    return failure(error, hints);
  }
}
