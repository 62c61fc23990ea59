// Compact identifiers of terms (DESIGN 6.1): the OBO rule first (GO_0008150 is GO:0008150),
// else the source's own prefix declarations, the longest namespace winning and a named prefix
// beating the empty one. Namespaces are bucketed by their first characters, so a term costs a
// handful of comparisons however many prefixes a LinkML schema declares.

const OBO_PURL = /^http:\/\/purl\.obolibrary\.org\/obo\/([A-Za-z][A-Za-z0-9]*)_([^/#?]+)$/;
const MAX_BUCKET_KEY = 16;

export function oboCurie(iri: string): string | null {
  const match = OBO_PURL.exec(iri);
  return match ? `${match[1]}:${match[2]}` : null;
}

type Namespace = { iri: string; prefix: string };

/** True when `a` should be tried before `b`: a longer namespace, then a named prefix, then the smaller name. */
function before(a: Namespace, b: Namespace): number {
  if (a.iri.length !== b.iri.length) return b.iri.length - a.iri.length;
  if ((a.prefix === '') !== (b.prefix === '')) return a.prefix === '' ? 1 : -1;
  return a.prefix < b.prefix ? -1 : a.prefix > b.prefix ? 1 : 0;
}

export class CurieMaker {
  private readonly keyLength: number;
  private readonly buckets = new Map<string, Namespace[]>();

  constructor(prefixes: Readonly<Record<string, string>>) {
    const namespaces = Object.entries(prefixes)
      .filter(([, iri]) => typeof iri === 'string' && iri.length > 0)
      .map(([prefix, iri]) => ({ prefix, iri }))
      .sort(before);
    this.keyLength = Math.min(MAX_BUCKET_KEY, ...namespaces.map((namespace) => namespace.iri.length));
    for (const namespace of namespaces) {
      const key = namespace.iri.slice(0, this.keyLength);
      const bucket = this.buckets.get(key);
      if (bucket) bucket.push(namespace);
      else this.buckets.set(key, [namespace]);
    }
  }

  curie(iri: string): string | null {
    const obo = oboCurie(iri);
    if (obo) return obo;
    const bucket = this.buckets.get(iri.slice(0, this.keyLength));
    for (const namespace of bucket ?? []) {
      // A CURIE names something inside the namespace, never the namespace itself.
      if (iri.length > namespace.iri.length && iri.startsWith(namespace.iri)) return `${namespace.prefix}:${iri.slice(namespace.iri.length)}`;
    }
    return null;
  }
}
