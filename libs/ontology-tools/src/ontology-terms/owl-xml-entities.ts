// Internal entities of an OWL/XML DOCTYPE (`<!ENTITY obo "http://...">`), expanded so that
// attributes such as IRI="&obo;GO_0008150" read as written. The source already passed the
// format check, which bounds entity nesting and total expansion; the same bounds hold here
// so that this reader is safe on its own too.

const DECLARATION = /<!ENTITY\s+([^\s%"'>]+)\s+(?:"([^"]*)"|'([^']*)')\s*>/g;
const REFERENCE = /&([^;&\s]+);/g;
const MAX_NESTING = 4;
const MAX_EXPANDED = 1024 * 1024;
const PREDEFINED = new Set(['lt', 'gt', 'amp', 'apos', 'quot']);

export function doctypeEntities(doctype: string): Record<string, string> {
  const declared = new Map<string, string>();
  for (const match of doctype.matchAll(DECLARATION)) {
    const name = match[1] ?? '';
    if (!declared.has(name)) declared.set(name, match[2] ?? match[3] ?? '');
  }
  let total = 0;
  const expand = (value: string, depth: number): string =>
    value.replace(REFERENCE, (whole, name: string) => {
      if (PREDEFINED.has(name) || name.startsWith('#')) return whole;
      const inner = declared.get(name);
      if (inner === undefined) return whole;
      if (depth >= MAX_NESTING) throw new Error(`the entity "${name}" nests more than ${MAX_NESTING} levels deep`);
      const expanded = expand(inner, depth + 1);
      total += expanded.length;
      if (total > MAX_EXPANDED) throw new Error('the entities expand to more than 1 MB');
      return expanded;
    });
  const entities: Record<string, string> = {};
  for (const [name, value] of declared) entities[name] = expand(value, 0);
  return entities;
}
