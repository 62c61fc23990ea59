import { describe, expect, it } from 'vitest';
import { inlineDiagram, ontologyPage, type OntologyView } from './ontology-page.js';

const ontology: OntologyView = {
  id: '0190a0b0-0000-7000-8000-000000000001',
  title: 'People <&> places',
  description: '',
  accountId: '0190a0b0-0000-7000-8000-000000000002',
  accountName: null,
  parentId: null,
  visibility: 'public',
  sourceFormat: 'orm',
  version: '1.0.0',
  headHash: 'sha256:00',
  createdAt: new Date('2026-01-01T00:00:00Z'),
  updatedAt: new Date('2026-01-01T00:00:00Z'),
  metrics: null,
  sourceBytes: 10 * 1024 * 1024,
  conversionMaxBytes: 32 * 1024 * 1024,
};
const level = { parent: null, terms: [], total: 0, page: 1, perPage: 50 };
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200" viewBox="0 0 300 200"><title>Main</title><rect x="0" y="0" width="300" height="200" fill="#ffffff"/></svg>';

describe('inlineDiagram', () => {
  it('when an SVG is placed in the page then it is an image named by its title and described', () => {
    const html = inlineDiagram(SVG, 'People <&> places');
    expect(html).toMatch(/^<svg class="diagram" role="img" aria-labelledby="diagram-title" aria-describedby="diagram-desc" focusable="false" xmlns=/);
    expect(html).toContain('<title id="diagram-title">Main</title><desc id="diagram-desc">ORM diagram of People &lt;&amp;&gt; places:');
    expect(html).not.toContain('style');
    // Drawn at 1.5 times the renderer's size, the viewBox unchanged.
    expect(html).toContain('width="450" height="300" viewBox="0 0 300 200"');
  });
});

describe('ontologyPage', () => {
  it('when the page is drawn then it gives the size, the diagram and the children, and nothing from the source', () => {
    const html = ontologyPage(ontology, level, { rows: [{ id: 'c1', title: 'Child <1>', visibility: 'private', version: '0.1.0' }], total: 3 }, { svg: SVG });
    expect(html).toContain('<dt>Size</dt><dd>10 MiB</dd>');
    expect(html).toContain('<figure class="diagram-frame"');
    expect(html).toContain('<a href="/ontologies/c1">Child &lt;1&gt;</a>');
    expect(html).toContain('Child ontologies <span class="muted">(3)</span>');
    expect(html).toContain('1 of 3 shown.');
  });

  it('when there is no diagram or no child then their sections say why or are absent', () => {
    const html = ontologyPage({ ...ontology, sourceFormat: 'turtle' }, level, { rows: [], total: 0 }, null);
    expect(html).not.toContain('id="diagram"');
    expect(html).not.toContain('id="children"');
    const failed = ontologyPage(ontology, level, { rows: [], total: 0 }, { problem: 'This model is too large to draw on the page.' });
    expect(failed).toContain('<h2 id="diagram">Diagram</h2>\n<p class="muted">This model is too large to draw on the page.</p>');
  });

  it('when an RDF source is larger than CONVERSION_MAX_BYTES then only the original is offered, and the page says why', () => {
    const rdf = { ...ontology, sourceFormat: 'turtle', metrics: { bytes: 1, rdf: { triples: 1 } } };
    const small = ontologyPage(rdf, level, { rows: [], total: 0 }, null);
    expect(small).toContain('?format=rdfxml');
    const large = ontologyPage({ ...rdf, sourceBytes: 40 * 1024 * 1024 }, level, { rows: [], total: 0 }, null);
    expect(large).not.toContain('?format=');
    expect(large).toContain('Other serializations are made for sources up to 32 MiB');
  });
});
