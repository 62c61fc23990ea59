// Every tool result within an agent's budget (DESIGN 7): the JSON text of a result is at most
// TOOL_RESULT_MAX_CHARS, whatever the data. A list page that would pass it keeps as many items
// as fit and says where the next page starts; anything else that would pass it is refused with
// what to ask for instead (it cannot happen with the shapes the tools return today).
import { TOOL_RESULT_MAX_CHARS } from '@oms/contracts';

export type Budgeted = { ok: true; structured: Record<string, unknown>; text: string } | { ok: false; chars: number };

/** The one array of a list envelope ({ <items>: [], total, limit, offset, has_more }). */
function listKey(structured: Record<string, unknown>): string | undefined {
  if (typeof structured['has_more'] !== 'boolean' || typeof structured['offset'] !== 'number') return undefined;
  const arrays = Object.keys(structured).filter((key) => Array.isArray(structured[key]));
  return arrays.length === 1 ? arrays[0] : undefined;
}

/** The first `count` items of the page, marked as a shorter page with its next offset. */
function shortened(structured: Record<string, unknown>, key: string, items: unknown[], count: number): Record<string, unknown> {
  const offset = structured['offset'] as number;
  return { ...structured, [key]: items.slice(0, count), has_more: true, next_offset: offset + count, page_shortened: true };
}

export function withinBudget(structured: Record<string, unknown>, max: number = TOOL_RESULT_MAX_CHARS): Budgeted {
  const text = JSON.stringify(structured);
  if (text.length <= max) return { ok: true, structured, text };
  const key = listKey(structured);
  if (!key) return { ok: false, chars: text.length };
  const items = structured[key] as unknown[];
  // The largest prefix of the items that fits (at least one item must fit, or the page is refused).
  let low = 0;
  let high = items.length - 1;
  let best: { structured: Record<string, unknown>; text: string } | undefined;
  while (low <= high) {
    const middle = (low + high + 1) >> 1;
    if (middle === 0) break;
    const candidate = shortened(structured, key, items, middle);
    const candidateText = JSON.stringify(candidate);
    if (candidateText.length <= max) {
      best = { structured: candidate, text: candidateText };
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return best ? { ok: true, ...best } : { ok: false, chars: text.length };
}
