// Distinct triples counted while a parser streams them, cheaply, because ingest pays for it.
// Parsers hand out statements subject by subject (one subject term object for a whole run), so
// the statements of the current run are compared in a short list and, when the run ends, packed
// into one flat string per subject: a 3 MB vocabulary leaves a few thousand strings for the
// garbage collector instead of a hundred thousand small objects. A subject met again in a later
// run (RDF/XML nests descriptions) is unpacked into a Set once and kept that way.
import type { Quad, Term } from './terms.js';

const SEP = '\u0000';
/** Past this many statements in one run, a Set is cheaper than scanning the list. */
const SHORT_RUN = 32;

const ESCAPED = '\u0001';

/** Text that holds SEP or ESCAPED (hardly ever) is escaped, injectively, wherever keys are built. */
function safe(text: string): string {
  return text.includes(SEP) || text.includes(ESCAPED) ? `${ESCAPED}${JSON.stringify(text)}` : text;
}

/** Keys pair a predicate's number (predicates are few) with the object's key. */
const keyOf = (predicate: string, object: string) => `${predicate}${SEP}${safe(object)}`;

/** Whether the packed run splits back into exactly its parts and needs no escaping. */
function packsCleanly(packed: string, parts: number): boolean {
  if (packed.includes(ESCAPED)) return false;
  let found = 0;
  for (let at = packed.indexOf(SEP); at !== -1; at = packed.indexOf(SEP, at + 1)) found += 1;
  return found === parts - 1;
}

/**
 * A string naming the term uniquely among the terms of one parse. N3.js terms carry one
 * (`id`, from which their `value` and `datatype` are computed on every read); others get one.
 */
function objectKey(term: Term): string {
  const id = (term as { id?: unknown }).id;
  if (typeof id === 'string') return id;
  if (term.termType === 'Literal') return `"${term.value}"${term.language ? `@${term.language}` : `^^${term.datatype.value}`}`;
  return `${term.termType === 'BlankNode' ? '_:' : ''}${term.value}`;
}

function unpack(packed: string): Set<string> {
  const parts = packed.split(SEP);
  const entries = new Set<string>();
  for (let index = 0; index + 1 < parts.length; index += 2) entries.add(`${parts[index]}${SEP}${parts[index + 1]}`);
  return entries;
}

export class TripleSet {
  /** Finished subjects (by graph and subject): packed statements, or a Set once met again. */
  private readonly done = new Map<string, string | Set<string>>();
  private lastSubject: Term | undefined;
  private lastGraph: Term | undefined;
  private runKey: string | undefined;
  private lastPredicate: Term | undefined;
  /** The current predicate's number, as text. */
  private predicate = '';
  private readonly predicates = new Map<string, string>();
  /** The current run: predicate, object, predicate, object, ... */
  private run: string[] = [];
  /** The current run's statements as keys, once it is long or its subject was met before. */
  private entries: Set<string> | undefined;
  private metBefore = false;
  size = 0;

  /** Adds the statement; false when it was there already. */
  add(quad: Quad): boolean {
    if (quad.subject !== this.lastSubject || quad.graph !== this.lastGraph) {
      this.lastSubject = quad.subject;
      this.lastGraph = quad.graph;
      const key = `${quad.graph.value} ${quad.subject.termType === 'BlankNode' ? '_' : '<'}${quad.subject.value}`;
      if (key !== this.runKey) this.startRun(key);
    }
    if (quad.predicate !== this.lastPredicate) {
      this.lastPredicate = quad.predicate;
      let number = this.predicates.get(quad.predicate.value);
      if (number === undefined) this.predicates.set(quad.predicate.value, (number = String(this.predicates.size)));
      this.predicate = number;
    }
    const object = objectKey(quad.object);
    if (this.entries) {
      const key = keyOf(this.predicate, object);
      if (this.entries.has(key)) return false;
      this.entries.add(key);
    } else {
      const run = this.run;
      for (let index = 0; index < run.length; index += 2) if (run[index + 1] === object && run[index] === this.predicate) return false;
      run.push(this.predicate, object);
      if (run.length > 2 * SHORT_RUN) this.entries = this.runEntries();
    }
    this.size += 1;
    return true;
  }

  private startRun(key: string): void {
    this.finishRun();
    this.runKey = key;
    const before = this.done.get(key);
    this.metBefore = before !== undefined;
    if (before === undefined) return;
    this.entries = typeof before === 'string' ? unpack(before) : before;
    this.done.set(key, this.entries);
  }

  private runEntries(): Set<string> {
    const entries = new Set<string>();
    for (let index = 0; index + 1 < this.run.length; index += 2) entries.add(keyOf(this.run[index] ?? '', this.run[index + 1] ?? ''));
    return entries;
  }

  private finishRun(): void {
    if (this.runKey !== undefined && !this.metBefore) {
      // join() gives one flat string; a long run keeps its Set.
      const packed = this.entries ? undefined : this.run.join(SEP);
      this.done.set(this.runKey, packed !== undefined && packsCleanly(packed, this.run.length) ? packed : (this.entries ?? this.runEntries()));
    }
    this.run.length = 0;
    this.entries = undefined;
    this.metBefore = false;
  }
}
