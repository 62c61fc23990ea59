import { validateSource } from '@oms/formats';
import { describe, expect, it } from 'vitest';
import { mergeObservers } from '../merge-observers.js';
import { collectMetrics } from '../metrics.js';
import { SourceReads } from '../source-reads.js';
import { collectMetricsAndTerms } from './collect-metrics-and-terms.js';
import { collectTerms } from './collect-terms.js';

const TURTLE = '@prefix ex: <http://e.org/> . @prefix owl: <http://www.w3.org/2002/07/owl#> . ex:a a owl:Class . ex:b a owl:Class ; ex:p ex:a .';

describe('metrics and terms on one parse', () => {
  it('when both collectors ride on one validating parse then each gets every triple and prefix', async () => {
    const collector = collectMetricsAndTerms('turtle');
    const check = await validateSource('turtle', TURTLE, collector.observer);
    if (!check.ok) throw new Error(check.message);
    const { metrics, terms } = await collector.finish(TURTLE, check);
    expect(metrics.rdf).toMatchObject({ triples: 3, classes: 2 });
    expect(terms.terms.map((term) => term.curie)).toEqual(['ex:a', 'ex:b']);
  });

  it('when observers are merged then callbacks run in the order given and missing ones are skipped', () => {
    const calls: string[] = [];
    const merged = mergeObservers({ prefix: (name) => calls.push(`first ${name}`) }, {}, { prefix: (name) => calls.push(`second ${name}`), value: () => calls.push('value') });
    merged.prefix?.('ex', 'http://e.org/');
    merged.value?.(1);
    expect(calls).toEqual(['first ex', 'second ex', 'value']);
    expect(merged.quad).toBeUndefined();
  });

  it('when metrics and terms share their readings then JSON-LD is expanded once', async () => {
    const reads = new SourceReads();
    const expanded: unknown[] = [];
    const original = reads.jsonLdQuads.bind(reads);
    reads.jsonLdQuads = (value) => {
      expanded.push(value);
      return original(value);
    };
    const text = JSON.stringify({ '@context': { ex: 'http://e.org/', owl: 'http://www.w3.org/2002/07/owl#' }, '@id': 'ex:a', '@type': 'owl:Class' });
    const metrics = collectMetrics('json', reads);
    const terms = collectTerms('json', { reads });
    const check = await validateSource('json', text, mergeObservers(metrics.observer, terms.observer));
    if (!check.ok) throw new Error(check.message);
    expect((await metrics.finish(text, check)).rdf?.classes).toBe(1);
    expect((await terms.finish(text, check)).terms.map((term) => term.curie)).toEqual(['ex:a']);
    expect(expanded).toHaveLength(2);
    expect(expanded[0]).toBe(expanded[1]);
  });

  it('when terms are streamed then they come in IRI order as from finish', async () => {
    const collector = collectTerms('turtle');
    const check = await validateSource('turtle', TURTLE, collector.observer);
    if (!check.ok) throw new Error(check.message);
    const { terms } = await collector.stream(TURTLE, check);
    expect([...terms].map((term) => term.iri)).toEqual(['http://e.org/a', 'http://e.org/b']);
  });

  it('when an ORM2 source is beyond the model reader then no terms come, with the reason', async () => {
    const text = '<?xml version="1.0"?><ormRoot:ORM2 xmlns:ormRoot="http://schemas.neumont.edu/ORM/2006-04/ORMRoot"/>';
    const result = await collectTerms('orm').finish(text, { ok: true });
    expect(result).toMatchObject({ terms: [], skipped: expect.stringMatching(/ORMModel/) });
  });
});
