// saxes resolves every namespace prefix by walking up all open elements until one declares it.
// Real RDF/XML declares its prefixes on the root, and Protégé and the OWL API write an rdf:List
// as nested rdf:rest/rdf:Description elements, two levels per member: every element of a list
// of 10,000 members walked up to 20,000 elements, and the parse took minutes. This replaces the
// walk with the bindings in scope, one stack of URIs per prefix, so a lookup costs O(1)
// amortized and a document costs time linear in its length however deep it nests.

type Tag = { ns?: Record<string, string> };

/** The parts of a namespace-aware saxes parser (saxes 6, also @rubensworks/saxes) that `resolve` reads. */
type SaxesScope = {
  resolve(prefix: string): string | undefined;
  /** Declarations of the element being opened, where its own prefixes are found first. */
  topNS: Record<string, string> | null;
  /** The open elements, outermost first; each one's `ns` holds its own declarations. */
  tags: Tag[];
  /** The predefined xml and xmlns prefixes (and any given as an option). */
  ns: Record<string, string>;
  opt: { resolvePrefix?: (prefix: string) => string | undefined };
};

function isSaxesScope(parser: unknown): parser is SaxesScope {
  if (typeof parser !== 'object' || parser === null) return false;
  const candidate = parser as Partial<SaxesScope>;
  return typeof candidate.resolve === 'function' && Array.isArray(candidate.tags) && 'topNS' in candidate && typeof candidate.ns === 'object';
}

/**
 * Makes `parser` resolve prefixes from scoped bindings instead of walking the open elements.
 * The bindings follow `parser.tags` lazily: an element still at its place in the stack means
 * nothing below it changed (elements are pushed once), so each element is added and removed
 * once however lookups and tags interleave. Throws when saxes no longer has the expected shape.
 */
export function resolvePrefixesInScope(parser: unknown): void {
  if (!isSaxesScope(parser)) throw new Error('this saxes version resolves prefixes in an unknown way; xml-prefixes.ts needs updating');
  const scope: SaxesScope = parser;
  const bindings = new Map<string, string[]>();
  const open: Array<{ tag: Tag; prefixes: string[] }> = [];

  const follow = () => {
    const { tags } = scope;
    while (open.length > 0 && (open.length > tags.length || open[open.length - 1]?.tag !== tags[open.length - 1])) {
      for (const prefix of open.pop()?.prefixes ?? []) bindings.get(prefix)?.pop();
    }
    for (let index = open.length; index < tags.length; index += 1) {
      const tag = tags[index] as Tag;
      const prefixes = Object.keys(tag.ns ?? {});
      for (const prefix of prefixes) {
        const uris = bindings.get(prefix);
        const uri = tag.ns?.[prefix] ?? '';
        if (uris) uris.push(uri);
        else bindings.set(prefix, [uri]);
      }
      open.push({ tag, prefixes });
    }
  };

  scope.resolve = (prefix: string) => {
    const own = scope.topNS?.[prefix];
    if (own !== undefined) return own;
    follow();
    const uris = bindings.get(prefix);
    if (uris && uris.length > 0) return uris[uris.length - 1];
    return scope.ns[prefix] ?? scope.opt.resolvePrefix?.(prefix);
  };
}
