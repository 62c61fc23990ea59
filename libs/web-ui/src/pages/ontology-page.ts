// /ontologies/:id: what the ontology is (title, description, account, version, visibility, hash,
// size), its metrics, its downloads, the diagram of an ORM model, its term tree one level at a
// time (?parent=) and its children. Nothing here needs the source itself (DESIGN 8).
import { esc } from '@oms/platform';
import { date, ontologyPath, pager, query, size, termLabel, termPath, webPage } from './frame.js';

export type OntologyView = {
  id: string;
  title: string;
  description: string;
  accountId: string;
  accountName: string | null;
  parentId: string | null;
  visibility: string;
  sourceFormat: string;
  version: string;
  headHash: string;
  createdAt: Date;
  updatedAt: Date;
  metrics: unknown;
  sourceBytes: number;
  /** The largest source converted to another serialization on download (CONVERSION_MAX_BYTES). */
  conversionMaxBytes: number;
};
export type ChildOntology = { id: string; title: string; visibility: string; version: string };
export type ChildList = { rows: ChildOntology[]; total: number };
/** The ORM diagram: the drawn SVG, or why there is none (not an ORM source, too large, failed). */
export type DiagramView = { svg: string } | { problem: string } | null;
export type TreeTerm = { iri: string; curie: string | null; label: string | null; kind: string; deprecated: boolean; children_count?: number };
export type TreeLevel = { parent: { iri: string; label: string | null; curie: string | null } | null; terms: TreeTerm[]; total: number; page: number; perPage: number };

const CONVERSIONS = [
  ['turtle', 'Turtle'],
  ['rdfxml', 'RDF/XML'],
  ['jsonld', 'JSON-LD'],
  ['ntriples', 'N-Triples'],
] as const;

/** The numbers of the stored metrics, flattened one level (rdf.triples, structure.classes, ...). */
export function metricRows(metrics: unknown): [string, number][] {
  const rows: [string, number][] = [];
  if (!metrics || typeof metrics !== 'object') return rows;
  for (const [key, value] of Object.entries(metrics)) {
    if (typeof value === 'number') rows.push([key, value]);
    else if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner, number] of Object.entries(value)) if (typeof number === 'number') rows.push([`${key} ${inner}`, number]);
    }
  }
  return rows;
}

const words = (key: string) => key.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

function downloads(o: OntologyView): string {
  const base = `${ontologyPath(o.id)}/download`;
  const isRdf = Boolean(o.metrics && typeof o.metrics === 'object' && 'rdf' in o.metrics);
  const links = [`<li><a href="${esc(base)}" download>Original (${esc(o.sourceFormat)})</a></li>`];
  const convertible = o.sourceBytes <= o.conversionMaxBytes;
  // A Turtle source is already Turtle: the original is that download.
  if (isRdf && convertible) for (const [format, label] of CONVERSIONS) if (!(format === 'turtle' && o.sourceFormat === 'turtle')) links.push(`<li><a href="${esc(base + query({ format }))}" download>${label}</a></li>`);
  const note = isRdf && !convertible ? `<p class="muted small">Other serializations are made for sources up to ${esc(size(o.conversionMaxBytes))}; this one is larger, so only the original is offered.</p>` : '';
  return `<ul class="chips">${links.join('')}</ul>${note}`;
}

function tree(o: OntologyView, level: TreeLevel): string {
  const here = ontologyPath(o.id);
  const crumbs = level.parent
    ? `<nav class="crumbs" aria-label="Tree position"><ol><li><a href="${esc(`${here}#terms`)}">Top level</a></li><li><a href="${esc(termPath(o.id, level.parent.iri))}">${termLabel({ ...level.parent })}</a></li><li aria-current="page">children</li></ol></nav>`
    : '';
  const items = level.terms
    .map((t) => {
      const children = t.children_count
        ? ` <a href="${esc(`${here}${query({ parent: t.iri })}#terms`)}" aria-label="${esc(`${t.children_count} children of ${t.label ?? t.curie ?? t.iri}`)}">${t.children_count} ${t.children_count === 1 ? 'child' : 'children'} ›</a>`
        : '';
      return `<li><a href="${esc(termPath(o.id, t.iri))}">${termLabel(t)}</a> <span class="muted">${esc(t.curie ?? '')} · ${esc(t.kind)}${t.deprecated ? ' · deprecated' : ''}</span>${children}</li>`;
    })
    .join('');
  const heading = level.parent ? `Children of ${termLabel(level.parent)}` : 'Top-level terms';
  return `<section aria-labelledby="terms"><h2 id="terms">${heading} <span class="muted">(${level.total})</span></h2>
${crumbs}
${level.terms.length ? `<ul class="plain">${items}</ul>` : '<p>No terms at this level.</p>'}
${pager(here, { parent: level.parent?.iri }, level.page, level.page * level.perPage < level.total)}
</section>`;
}

/**
 * The renderer's SVG made fit to sit in the page: an image (role="img") named by its <title> and
 * described, sized by the stylesheet. The renderer writes no script, style, link or id, so the
 * page's CSP (no inline style or script) holds and the ids added here are the only ones.
 */
export function inlineDiagram(svg: string, title: string): string {
  // Drawn at 1.5 times NORMA's size (the stylesheet narrows it to the page on wide screens; on a
  // phone it keeps this size and its frame scrolls).
  const enlarged = svg.replace(/^(<svg [^>]*?)width="([\d.]+)" height="([\d.]+)"/, (_all, head: string, width: string, height: string) => `${head}width="${Math.ceil(Number(width) * DIAGRAM_SCALE)}" height="${Math.ceil(Number(height) * DIAGRAM_SCALE)}"`);
  const titled = enlarged.replace(/<title>/, '<title id="diagram-title">');
  const described = titled.replace(/<\/title>/, `</title><desc id="diagram-desc">${esc(`ORM diagram of ${title}: object types, fact types and constraints as drawn for the PNG rendering.`)}</desc>`);
  return described.replace(/^<svg /, '<svg class="diagram" role="img" aria-labelledby="diagram-title" aria-describedby="diagram-desc" focusable="false" ');
}

const DIAGRAM_SCALE = 1.5;

function diagramSection(o: OntologyView, diagram: DiagramView): string {
  if (!diagram) return '';
  const body =
    'svg' in diagram
      ? `<figure class="diagram-frame" tabindex="0" aria-label="Diagram (scrolls)">${inlineDiagram(diagram.svg, o.title)}</figure>
<p class="muted small">The model's first diagram at the head version; a wide one scrolls inside its frame.</p>`
      : `<p class="muted">${esc(diagram.problem)}</p>`;
  return `<section aria-labelledby="diagram"><h2 id="diagram">Diagram</h2>
${body}
</section>`;
}

function childrenSection(o: OntologyView, children: ChildList): string {
  if (children.total === 0) return '';
  const items = children.rows
    .map((c) => `<li><a href="${esc(ontologyPath(c.id))}">${esc(c.title)}</a> <span class="badge">${esc(c.visibility)}</span> <span class="muted">version ${esc(c.version)}</span></li>`)
    .join('');
  const more = children.total > children.rows.length ? `<p class="muted">${children.rows.length} of ${children.total} shown.</p>` : '';
  return `<section aria-labelledby="children"><h2 id="children">Child ontologies <span class="muted">(${children.total})</span></h2>
<ul class="plain">${items}</ul>
${more}
</section>`;
}

export function ontologyPage(o: OntologyView, level: TreeLevel, children: ChildList = { rows: [], total: 0 }, diagram: DiagramView = null): string {
  const metrics = metricRows(o.metrics);
  const here = ontologyPath(o.id);
  return webPage(
    o.title,
    `<h1>${esc(o.title)}</h1>
${o.description ? `<p class="lead">${esc(o.description)}</p>` : ''}
<nav class="tabs" aria-label="This ontology"><a class="active" href="${esc(here)}" aria-current="page">Overview</a><a href="${esc(`${here}/history`)}">History</a><a href="${esc(`${here}/diff`)}">Diff</a>${o.accountName !== null ? `<a href="${esc(`${here}/edit`)}">Edit</a><a href="${esc(`${here}/upload`)}">Upload</a>` : ''}</nav>
<dl class="meta">
<dt>Account</dt><dd>${esc(o.accountName ?? o.accountId)}</dd>
<dt>Version</dt><dd>${esc(o.version)}</dd>
<dt>Visibility</dt><dd>${esc(o.visibility)}</dd>
<dt>Format</dt><dd>${esc(o.sourceFormat)}</dd>
<dt>Size</dt><dd>${esc(size(o.sourceBytes))}</dd>
<dt>Hash</dt><dd><code>${esc(o.headHash)}</code></dd>
${o.parentId ? `<dt>Parent</dt><dd><a href="${esc(ontologyPath(o.parentId))}">parent ontology</a></dd>` : ''}
<dt>Updated</dt><dd>${date(o.updatedAt)}</dd>
</dl>
<h2>Downloads</h2>
${downloads(o)}
<h2>Metrics</h2>
${metrics.length ? `<table class="metrics"><caption class="muted">Counted when this version was stored</caption><tbody>${metrics.map(([k, v]) => `<tr><th scope="row">${esc(words(k))}</th><td>${v.toLocaleString('en')}</td></tr>`).join('')}</tbody></table>` : '<p>No metrics were stored for this version.</p>'}
${diagramSection(o, diagram)}
${tree(o, level)}
${childrenSection(o, children)}`,
    'ontologies',
  );
}
