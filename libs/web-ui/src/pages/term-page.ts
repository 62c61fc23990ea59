// /ontologies/:id/terms?iri=: one term of the head version: labels, synonyms, definition, its
// ancestors as a breadcrumb, parents and children as links, and its history.
import { esc } from '@oms/platform';
import { date, ontologyPath, pager, query, termLabel, termPath, webPage } from './frame.js';
import type { TreeTerm } from './ontology-page.js';

type Ref = { iri: string; curie: string | null; label: string | null };
export type TermView = {
  iri: string;
  curie: string | null;
  kind: string;
  label: string | null;
  synonyms: string[];
  definition: string | null;
  deprecated: boolean;
  ontology_id: string;
  ontology_title: string;
  version: string;
  replaced_by: string[];
  parents: Ref[];
  ancestors: Ref[];
  children_count: number;
  annotations: { property: string; value: string; language?: string | null }[];
};
export type TermChange = { commit_id: string; version: string; created_at: string; change: string; fields: string[] };

const link = (ontologyId: string, ref: Ref) => `<a href="${esc(termPath(ontologyId, ref.iri))}">${termLabel(ref)}</a>`;

export function termPage(t: TermView, children: { terms: TreeTerm[]; total: number; page: number; perPage: number }, history: TermChange[]): string {
  const home = ontologyPath(t.ontology_id);
  // The breadcrumb: the ancestors (nearest first, breadth first) farthest first, the last eight.
  const crumbs = [...t.ancestors].reverse();
  const crumbItems = [`<li><a href="${esc(home)}">${esc(t.ontology_title)}</a></li>`, ...crumbs.slice(-8).map((a) => `<li>${link(t.ontology_id, a)}</li>`), `<li aria-current="page">${termLabel(t)}</li>`];
  const annotations = t.annotations.slice(0, 100);
  return webPage(
    `${t.label ?? t.curie ?? t.iri} · ${t.ontology_title}`,
    `<nav class="crumbs" aria-label="Ancestors"><ol>${crumbItems.join('')}</ol></nav>
<h1>${termLabel(t)}${t.deprecated ? ' <span class="badge">deprecated</span>' : ''}</h1>
<p class="lead">${esc(t.kind)} in <a href="${esc(home)}">${esc(t.ontology_title)}</a>, version ${esc(t.version)}</p>
<dl class="meta">
<dt>IRI</dt><dd><code>${esc(t.iri)}</code></dd>
${t.curie ? `<dt>CURIE</dt><dd><code>${esc(t.curie)}</code></dd>` : ''}
<dt>Definition</dt><dd>${t.definition ? esc(t.definition) : '<span class="muted">none</span>'}</dd>
<dt>Synonyms</dt><dd>${t.synonyms.length ? esc(t.synonyms.join(' · ')) : '<span class="muted">none</span>'}</dd>
${t.replaced_by.length ? `<dt>Replaced by</dt><dd>${t.replaced_by.map((iri) => link(t.ontology_id, { iri, curie: null, label: null })).join(', ')}</dd>` : ''}
</dl>
<h2>Parents</h2>
${t.parents.length ? `<ul class="plain">${t.parents.map((p) => `<li>${link(t.ontology_id, p)}</li>`).join('')}</ul>` : '<p>None: a top-level term.</p>'}
<h2 id="children">Children <span class="muted">(${children.total})</span></h2>
${children.terms.length ? `<ul class="plain">${children.terms.map((c) => `<li>${link(t.ontology_id, c)}${c.children_count ? ` <span class="muted">${c.children_count} below</span>` : ''}</li>`).join('')}</ul>` : '<p>None.</p>'}
${pager(`${home}/terms`, { iri: t.iri }, children.page, children.page * children.perPage < children.total)}
${annotations.length ? `<h2>Annotations</h2><table><thead><tr><th scope="col">Property</th><th scope="col">Value</th></tr></thead><tbody>${annotations.map((a) => `<tr><td><code>${esc(a.property)}</code></td><td>${esc(a.value)}${a.language ? ` <span class="muted">@${esc(a.language)}</span>` : ''}</td></tr>`).join('')}</tbody></table>` : ''}
<h2>History</h2>
${history.length ? `<ul class="plain">${history.map((h) => `<li><span class="badge ${esc(h.change)}">${esc(h.change)}</span> in version <a href="${esc(`${home}/history${query({})}#c-${h.commit_id}`)}">${esc(h.version)}</a> · ${date(h.created_at)}${h.fields.length ? ` <span class="muted">(${esc(h.fields.join(', '))})</span>` : ''}</li>`).join('')}</ul>` : '<p>No recorded changes.</p>'}`,
    'ontologies',
  );
}
