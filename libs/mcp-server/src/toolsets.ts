// Which tools a session gets (DESIGN 7): {base_url}/mcp offers exactly the SPEC's 12 tools;
// `?toolsets=terms` (or `all`) adds the terms toolset. The value is read from the address the
// client connected to, so every request of a session carries it.
import { TOOLSETS, type Toolset } from '@oms/contracts';

export type ToolsetChoice = { ok: true; toolsets: Toolset[] } | { ok: false; message: string };

const KNOWN = new Set<string>(TOOLSETS);

/**
 * The `toolsets` query parameter: comma-separated names among TOOLSETS, or `all`; repeated
 * parameters add up; absent or empty means none. An unknown name is refused, naming the known ones.
 */
export function parseToolsets(value: unknown): ToolsetChoice {
  const values = value === undefined ? [] : Array.isArray(value) ? value : [value];
  if (!values.every((item) => typeof item === 'string')) return { ok: false, message: toolsetsMessage('(not a list of names)') };
  const names = (values as string[]).flatMap((item) => item.split(',')).map((name) => name.trim().toLowerCase()).filter((name) => name !== '');
  const unknown = names.filter((name) => name !== 'all' && !KNOWN.has(name));
  if (unknown.length > 0) return { ok: false, message: toolsetsMessage(unknown.map((name) => JSON.stringify(name.slice(0, 40))).join(', ')) };
  const toolsets = names.includes('all') ? [...TOOLSETS] : TOOLSETS.filter((toolset) => names.includes(toolset));
  return { ok: true, toolsets };
}

function toolsetsMessage(unknown: string): string {
  return (
    `Unknown toolset ${unknown}. The toolsets parameter takes ${TOOLSETS.join(', ')} or all, comma-separated: ` +
    `connect to {base_url}/mcp?toolsets=terms for the terms tools, or to {base_url}/mcp for the 12 standard tools.`
  );
}
