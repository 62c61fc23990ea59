// Diffs of real ontologies: the same graph in two syntaxes, a hand edit, a blank-node heavy
// graph against its own re-serialization, two versions of an ORM2 model.
import { describe, expect, it } from 'vitest';
import { convertSource, diffSources, type SourceDiff } from '../src/index.js';
import { readFixture } from './fixtures.js';

const FOAF = 'http://xmlns.com/foaf/0.1/';
const RDFS_LABEL = 'http://www.w3.org/2000/01/rdf-schema#label';

function asRdf(diff: SourceDiff) {
  if (diff.kind !== 'rdf') throw new Error(`expected an rdf diff, got ${diff.kind}: ${diff.fallback_reason ?? ''}`);
  return diff;
}

/** FOAF without the class foaf:OnlineChatAccount and with foaf:Image labelled "Picture". */
export function editedFoaf(): string {
  const original = readFixture('turtle/foaf.ttl');
  const block = /foaf:OnlineChatAccount\n[\s\S]*?"unstable" \.\n\n/.exec(original)?.[0];
  if (!block) throw new Error('the OnlineChatAccount block was not found');
  return original.replace(block, '').replace('rdfs:label           "Image" ;', 'rdfs:label           "Picture" ;');
}

describe('semantic RDF diffs', () => {
  it('when PROV-O in RDF/XML is compared with PROV-O in Turtle then nothing changed', async () => {
    const diff = asRdf(
      await diffSources({ format: 'owl', text: readFixture('owl/prov-o.owl'), name: 'a' }, { format: 'turtle', text: readFixture('turtle/prov-o.ttl'), name: 'b' }),
    );
    expect(diff.summary).toMatchObject({ triples_added: 0, triples_removed: 0, subjects_changed: 0 });
    expect(diff.summary.blank_nodes.from).toBeGreaterThan(0);
    expect(diff.changes).toEqual([]);
  });

  it('when one FOAF class is removed and one label changed then exactly those triples differ', async () => {
    const diff = asRdf(
      await diffSources({ format: 'turtle', text: readFixture('turtle/foaf.ttl'), name: 'a' }, { format: 'turtle', text: editedFoaf(), name: 'b' }),
    );
    expect(diff.summary).toMatchObject({ triples_added: 1, triples_removed: 8, subjects_changed: 2 });
    expect(diff.summary.classes).toEqual({ added: 0, removed: 1, changed: 1 });
    const chat = diff.changes.find((change) => change.subject.value === `${FOAF}OnlineChatAccount`);
    expect(chat).toMatchObject({ label: 'Online Chat Account', entity: 'class', added: [] });
    expect(chat?.removed).toHaveLength(7);
    const image = diff.changes.find((change) => change.subject.value === `${FOAF}Image`);
    expect(image).toMatchObject({
      label: 'Picture',
      entity: 'class',
      added: [{ predicate: RDFS_LABEL, object: { type: 'literal', value: 'Picture' } }],
      removed: [{ predicate: RDFS_LABEL, object: { type: 'literal', value: 'Image' } }],
    });
  });

  it('when the blank-node heavy pizza ontology is compared with its own Turtle then nothing changed', async () => {
    const original = readFixture('owl/pizza.owl');
    const turtle = await convertSource('owl', original, 'turtle');
    const diff = asRdf(await diffSources({ format: 'owl', text: original, name: 'a' }, { format: 'turtle', text: turtle, name: 'b' }));
    expect(diff.summary.blank_nodes.from).toBeGreaterThan(300);
    expect(diff.summary).toMatchObject({ triples_added: 0, triples_removed: 0 });
  });

  it('when one restriction of pizza changes then only that blank node and its owner show up', async () => {
    const original = readFixture('owl/pizza.owl');
    const turtle = await convertSource('owl', original, 'turtle');
    const edited = turtle.replace(/(owl:someValuesFrom\s+)(\S*)(MozzarellaTopping)/, '$1$2GoatsCheeseTopping');
    expect(edited).not.toBe(turtle);
    const diff = asRdf(await diffSources({ format: 'turtle', text: turtle, name: 'a' }, { format: 'turtle', text: edited, name: 'b' }));
    // The restriction is a new blank node: its statements and the one pointing at it change, nothing else.
    expect(diff.summary.triples_added).toBe(diff.summary.triples_removed);
    expect(diff.summary.triples_added).toBe(4);
    expect(diff.summary.subjects_changed).toBe(3);
    expect(diff.summary.classes.changed).toBe(1);
    expect(diff.changes.filter((change) => change.subject.type === 'blank').every((change) => change.owner !== undefined)).toBe(true);
  });

  it('when the older side is empty then every triple is added', async () => {
    const diff = asRdf(await diffSources(null, { format: 'rdf', text: readFixture('rdf/sparql-service-description.rdf'), name: 'b' }));
    expect(diff.summary.triples_added).toBe(177);
    expect(diff.summary.triples_removed).toBe(0);
  });

  it('when a limit is given then the changes are cut but the summary counts everything', async () => {
    const diff = asRdf(await diffSources(null, { format: 'turtle', text: readFixture('turtle/foaf.ttl'), name: 'b' }, { limit: 20 }));
    expect(diff.truncated).toBe(true);
    expect(diff.changes.reduce((sum, change) => sum + change.added.length, 0)).toBe(20);
    expect(diff.summary.triples_added).toBe(631);
  });
});

describe('structural, model and text diffs', () => {
  it('when a LinkML YAML schema changes then the diff is JSON Patch operations', async () => {
    const before = readFixture('yaml/linkml-mappings.yaml');
    const after = before.replace(/^name: .*$/m, 'name: renamed-mappings') + 'extra_key: 1\n';
    const diff = await diffSources({ format: 'yaml', text: before, name: 'a' }, { format: 'yaml', text: after, name: 'b' });
    expect(diff.kind).toBe('json-patch');
    if (diff.kind !== 'json-patch') return;
    expect(diff.changes).toEqual(
      expect.arrayContaining([
        { op: 'replace', path: '/name', value: 'renamed-mappings' },
        { op: 'add', path: '/extra_key', value: 1 },
      ]),
    );
    expect(diff.summary).toMatchObject({ operations: 2, added: 1, replaced: 1 });
  });

  it('when YAML and JSON hold the same document then there is nothing to patch', async () => {
    const diff = await diffSources({ format: 'yaml', text: 'a: [1, 2]\nb: x\n', name: 'a' }, { format: 'json', text: '{"b":"x","a":[1,2]}', name: 'b' });
    expect(diff).toMatchObject({ kind: 'json-patch', changes: [], summary: { operations: 0 } });
  });

  it('when JSON-LD is compared with Turtle of the same triples then the diff is semantic', async () => {
    const jsonLd = '{"@context":{"ex":"http://example.org/"},"@id":"ex:a","ex:b":{"@id":"ex:c"}}';
    const diff = await diffSources({ format: 'json', text: jsonLd, name: 'a' }, { format: 'turtle', text: '<http://example.org/a> <http://example.org/b> <http://example.org/c> .', name: 'b' });
    expect(diff).toMatchObject({ kind: 'rdf', summary: { triples_added: 0, triples_removed: 0 } });
  });

  it('when an object type of an ORM2 model is renamed then the diff names it', async () => {
    const before = readFixture('orm/PersonCountryDemo.orm');
    const after = before.replace('Name="Person" _ReferenceMode="id"', 'Name="Human" _ReferenceMode="id"');
    const diff = await diffSources({ format: 'orm', text: before, name: 'a' }, { format: 'orm', text: after, name: 'b' });
    expect(diff.kind).toBe('orm');
    if (diff.kind !== 'orm') return;
    expect(diff.changes.object_types.renamed).toEqual([{ id: '_08FCB217-4D5A-4D6E-BB08-033359BFEF51', from: 'Person', to: 'Human' }]);
    expect(diff.summary.object_types).toEqual({ added: 0, removed: 0, renamed: 1, changed: 0 });
    expect(diff.summary.fact_types).toEqual({ added: 0, removed: 0, renamed: 0, changed: 0 });
  });

  it('when a fact type is dropped from an ORM2 model then it is listed as removed with its reading', async () => {
    const before = readFixture('orm/PersonCountryDemo.orm');
    const after = before.replace(/<orm:Fact id="_9609012A-400F-44E9-B7DB-CAAF2D68D432"[\s\S]*?<\/orm:Fact>\s*/, '');
    const diff = await diffSources({ format: 'orm', text: before, name: 'a' }, { format: 'orm', text: after, name: 'b' });
    if (diff.kind !== 'orm') throw new Error(diff.kind);
    expect(diff.changes.fact_types.removed).toEqual([expect.objectContaining({ id: '_9609012A-400F-44E9-B7DB-CAAF2D68D432', name: 'PersonHasTitle' })]);
  });

  it('when other text changes then the diff is a unified diff with counts', async () => {
    const diff = await diffSources({ format: 'other', text: 'one\ntwo\nthree\n', name: 'x-1.0.0.txt' }, { format: 'other', text: 'one\n2\nthree\nfour\n', name: 'x-1.0.1.txt' });
    expect(diff.kind).toBe('text');
    if (diff.kind !== 'text') return;
    expect(diff.summary).toEqual({ lines_added: 2, lines_removed: 1, hunks: 1 });
    expect(diff.changes.unified).toContain('--- x-1.0.0.txt');
    expect(diff.changes.unified).toContain('-two\n+2\n');
  });

  it('when formats cannot be compared structurally then the text diff says why', async () => {
    const diff = await diffSources({ format: 'yaml', text: 'a: 1\n', name: 'a' }, { format: 'turtle', text: '<http://e/a> <http://e/b> "1" .\n', name: 'b' });
    expect(diff.kind).toBe('text');
    expect(diff.fallback_reason).toMatch(/yaml and turtle/);
  });

  it('when only text is asked for then an RDF source still gets a unified diff', async () => {
    const diff = await diffSources({ format: 'turtle', text: '<http://e/a> <http://e/b> "1" .\n', name: 'a' }, { format: 'turtle', text: '<http://e/a> <http://e/b> "2" .\n', name: 'b' }, { textOnly: true });
    expect(diff).toMatchObject({ kind: 'text', summary: { lines_added: 1, lines_removed: 1 } });
  });
});
