// The statements of named subjects, kept compact while a parse streams by: no quad objects,
// only per subject one flat string holding its statements as "predicate,form,length:value"
// records (predicates and literal forms, language or datatype, numbered once per document).
// Parsers write a subject's statements together, so they are gathered per run of one subject
// and joined once when the run ends; a subject seen in several runs keeps one string per run.
// Statements that only become annotations are kept up to the cap per run: the first N
// annotations never need an "other" statement beyond the first N of a run (a statement written
// twice in one run counts twice here and once in the annotations, so such a term may keep fewer).
// With `spill`, the held strings go to a sorted run file whenever they pass a bound, and drain()
// merges the runs: memory stays bounded however many subjects the graph has (subject-runs-spill).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Quad } from '../terms.js';
import { XSD_STRING } from '../vocabulary.js';
import { PREDICATE_ROLES, Role } from './term-vocabulary.js';
import { mergeSortedRuns, writeSortedRun } from './subject-runs-spill.js';

/** Where and when held statements are spilled: a folder of this extraction's own, and a bound in UTF-16 code units. */
export type StatementsSpill = { dir: string; atChars: number };

/** How an object was written: an IRI, or a literal with a language or a datatype. */
export type ValueForm = { kind: 'iri' } | { kind: 'literal'; language?: string; datatype?: string };

export const IRI_FORM = 0;
const STRING_FORM = 1;

/** One subject's statements in columns; drain() refills the same object for each subject. */
export type SubjectStatements = { count: number; predicateIds: number[]; forms: number[]; values: string[] };

export class RdfStatements {
  readonly prefixes: Record<string, string> = {};
  private readonly predicateIds = new Map<string, number>();
  readonly predicates: string[] = [];
  readonly roles: Role[] = [];
  private readonly formIds = new Map<string, number>();
  readonly forms: ValueForm[] = [{ kind: 'iri' }, { kind: 'literal', datatype: XSD_STRING }];
  private readonly subjects = new Map<string, string | string[]>();
  private run: { subject: string; records: string[]; others: number } | undefined;
  /** Code units held in `subjects` (keys and values), for the spill bound. */
  private heldChars = 0;
  private readonly spilled: string[] = [];

  constructor(
    private readonly maxOthers: number,
    private readonly spill?: StatementsSpill,
  ) {}

  prefix(name: string, iri: string): void {
    this.prefixes[name] = iri;
  }

  add(quad: Quad): void {
    const { subject, predicate, object } = quad;
    if (subject.termType !== 'NamedNode' || (object.termType !== 'NamedNode' && object.termType !== 'Literal')) return;
    const predicateId = this.predicateId(predicate.value);
    if (this.run?.subject !== subject.value) {
      this.endRun();
      this.run = { subject: subject.value, records: [], others: 0 };
    }
    if (this.roles[predicateId] === Role.Other) {
      if (this.run.others >= this.maxOthers) return;
      this.run.others += 1;
    }
    const form = object.termType === 'NamedNode' ? IRI_FORM : this.formId(object.language, object.datatype.value);
    this.run.records.push(`${predicateId},${form},${object.value.length}:${object.value}`);
  }

  /**
   * The subjects in IRI order (code units), each with its statements, handed over once and
   * dropped. The statements object is reused: read it before asking for the next subject.
   */
  *drain(): Generator<[string, SubjectStatements]> {
    this.endRun();
    const statements: SubjectStatements = { count: 0, predicateIds: [], forms: [], values: [] };
    if (this.spilled.length > 0) {
      this.spillHeld();
      try {
        for (const [iri, bodies] of mergeSortedRuns(this.spilled)) {
          statements.count = 0;
          for (const body of bodies) decode(body, statements);
          yield [iri, statements];
        }
      } finally {
        for (const path of this.spilled) rmSync(path, { force: true });
        this.spilled.length = 0;
      }
      return;
    }
    const iris = [...this.subjects.keys()].sort();
    for (const iri of iris) {
      const runs = this.subjects.get(iri) ?? [];
      this.subjects.delete(iri);
      statements.count = 0;
      for (const run of typeof runs === 'string' ? [runs] : runs) decode(run, statements);
      yield [iri, statements];
    }
  }

  private endRun(): void {
    const run = this.run;
    if (!run || run.records.length === 0) return;
    // join() gives one flat string, so the parser's own strings are not kept alive.
    const joined = run.records.join('');
    const earlier = this.subjects.get(run.subject);
    if (earlier === undefined) this.subjects.set(run.subject, joined);
    else if (typeof earlier === 'string') this.subjects.set(run.subject, [earlier, joined]);
    else earlier.push(joined);
    this.run = undefined;
    this.heldChars += joined.length + (earlier === undefined ? run.subject.length : 0);
    if (this.spill && this.heldChars >= this.spill.atChars) this.spillHeld();
  }

  /** Writes the held subjects as one sorted run (each subject's runs joined, in document order) and lets them go. */
  private spillHeld(): void {
    if (!this.spill || this.subjects.size === 0) return;
    const path = join(this.spill.dir, `run-${this.spilled.length}`);
    const subjects = this.subjects;
    const iris = [...subjects.keys()].sort();
    writeSortedRun(
      path,
      (function* () {
        for (const iri of iris) {
          const runs = subjects.get(iri) ?? '';
          yield [iri, typeof runs === 'string' ? runs : runs.join('')] as [string, string];
        }
      })(),
    );
    this.spilled.push(path);
    subjects.clear();
    this.heldChars = 0;
  }

  private predicateId(iri: string): number {
    let id = this.predicateIds.get(iri);
    if (id === undefined) {
      id = this.predicates.length;
      this.predicateIds.set(iri, id);
      this.predicates.push(iri);
      this.roles.push(PREDICATE_ROLES.get(iri) ?? Role.Other);
    }
    return id;
  }

  private formId(language: string, datatype: string): number {
    if (!language && datatype === XSD_STRING) return STRING_FORM;
    const key = language ? `@${language}` : `^${datatype}`;
    let id = this.formIds.get(key);
    if (id === undefined) {
      id = this.forms.length;
      this.formIds.set(key, id);
      this.forms.push(language ? { kind: 'literal', language } : { kind: 'literal', datatype });
    }
    return id;
  }
}

/** The decimal number that starts at `at` and ends before `end`. */
function numberAt(text: string, at: number, end: number): number {
  let value = 0;
  for (let index = at; index < end; index += 1) value = value * 10 + text.charCodeAt(index) - 48;
  return value;
}

/** Reads "predicate,form,length:value" records; lengths make any character safe in values. */
function decode(run: string, into: SubjectStatements): void {
  let at = 0;
  while (at < run.length) {
    const comma = run.indexOf(',', at);
    const second = run.indexOf(',', comma + 1);
    const colon = run.indexOf(':', second + 1);
    const end = colon + 1 + numberAt(run, second + 1, colon);
    into.predicateIds[into.count] = numberAt(run, at, comma);
    into.forms[into.count] = numberAt(run, comma + 1, second);
    into.values[into.count] = run.slice(colon + 1, end);
    into.count += 1;
    at = end;
  }
}
