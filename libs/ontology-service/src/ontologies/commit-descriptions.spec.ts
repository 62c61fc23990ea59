import { describeSource } from '@oms/ontology-tools';
import { describe, expect, it } from 'vitest';
import { createCommitDescriptions, OWL_HEAD_CHARS } from './commit-descriptions.js';

const inline = { describe: async (format: Parameters<typeof describeSource>[0], text: string) => describeSource(format, text) };

describe('commit descriptions', () => {
  it('when a JSON commit is described twice then its source is read once', async () => {
    const descriptions = createCommitDescriptions(inline);
    let reads = 0;
    const source = () => {
      reads += 1;
      return '{"@context": {"name": "http://schema.org/name"}, "name": "x"}';
    };
    const commit = { commitHash: 'a'.repeat(64), sourceFormat: 'json' };
    expect(await descriptions.of(commit, source)).toMatchObject({ mediaType: 'application/ld+json', native: 'jsonld' });
    expect(await descriptions.of(commit, source)).toMatchObject({ native: 'jsonld' });
    expect(reads).toBe(1);
  });

  it('when a Turtle commit is described then its source is never read', async () => {
    const descriptions = createCommitDescriptions(inline);
    const description = await descriptions.of({ commitHash: 'b'.repeat(64), sourceFormat: 'turtle' }, () => {
      throw new Error('read');
    });
    expect(description).toEqual({ mediaType: 'text/turtle', extension: 'ttl', native: 'turtle' });
  });

  it('when an OWL commit is described and a head can be read then only the head is read, and OWL/XML is told from RDF/XML', async () => {
    const descriptions = createCommitDescriptions(inline);
    const whole = () => {
      throw new Error('read whole');
    };
    const owlXml = '<?xml version="1.0"?>\n<Ontology xmlns="http://www.w3.org/2002/07/owl#" ontologyIRI="http://e.org/o">';
    const heads: number[] = [];
    const head = async (chars: number) => {
      heads.push(chars);
      return owlXml;
    };
    expect(await descriptions.of({ commitHash: 'c'.repeat(64), sourceFormat: 'owl' }, Object.assign(whole, { head }))).toEqual({ mediaType: 'application/owl+xml', extension: 'owx' });
    const rdfXml = async () => '<?xml version="1.0"?>\n<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">';
    expect(await descriptions.of({ commitHash: 'd'.repeat(64), sourceFormat: 'owl' }, Object.assign(whole, { head: rdfXml }))).toMatchObject({ native: 'rdfxml' });
    expect(heads).toEqual([OWL_HEAD_CHARS]);
  });

  it('when a measured JSON commit is described then its metrics say JSON-LD or plain JSON and its source is never read', async () => {
    const descriptions = createCommitDescriptions(inline);
    const unread = () => {
      throw new Error('read');
    };
    const jsonLd = { commitHash: 'c'.repeat(64), sourceFormat: 'json', metrics: { bytes: 900_000_000, lines: 1, syntax: 'json-ld' } };
    expect(await descriptions.of(jsonLd, unread)).toEqual(describeSource('json', '{"@context": {}}'));
    const plain = { commitHash: 'd'.repeat(64), sourceFormat: 'json', metrics: { bytes: 900_000_000, lines: 1, structure: { top_level_keys: ['graphs'], top_level_key_count: 1 } } };
    expect(await descriptions.of(plain, unread)).toEqual(describeSource('json', '{"graphs": []}'));
    // A commit made before metrics existed is still read.
    expect(await descriptions.of({ commitHash: 'e'.repeat(64), sourceFormat: 'json', metrics: null }, () => '{"@context": {}}')).toMatchObject({ native: 'jsonld' });
  });
});
