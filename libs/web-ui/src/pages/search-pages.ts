// `/`: the search box and the recent ontologies; `/search?q=`: ontologies whose title matches
// and terms ranked as the term search (DESIGN 6.2) ranks them.
import { esc } from '@oms/platform';
import { ontologyItem, type ListedOntology } from './ontology-list.js';
import { ontologyPath, pager, termLabel, termPath, webPage } from './frame.js';

export type TermHit = {
  iri: string;
  curie: string | null;
  kind: string;
  label: string | null;
  definition: string | null;
  deprecated: boolean;
  ontology_id: string;
  ontology_title: string;
  version: string;
};

function searchForm(q: string, autofocus: boolean): string {
  return `<form class="search" method="get" action="/search" role="search">
<div class="grow"><label for="q">Search ontologies and terms</label><input id="q" name="q" type="search" maxlength="500" value="${esc(q)}"${autofocus ? ' autofocus' : ''} placeholder="label, synonym, IRI or CURIE"></div>
<div><button type="submit">Search</button></div>
</form>`;
}

export function homePage(o: { recent: ListedOntology[]; total: number }): string {
  return webPage(
    'Home',
    `<h1>Ontologies</h1>
<p class="lead">Find a term, read its definition and place in the tree, or see what the last release changed.</p>
${searchForm('', true)}
<h2>Newest</h2>
${o.recent.length ? `<ul class="plain">${o.recent.map(ontologyItem).join('')}</ul>` : '<p>No ontologies yet.</p>'}
${o.total > o.recent.length ? `<p><a href="/ontologies">All ${o.total} ontologies</a></p>` : ''}`,
    'home',
  );
}

export function searchPage(o: { q: string; ontologies: ListedOntology[]; ontologyTotal: number; terms: TermHit[]; termTotal: number; page: number; perPage: number; problem?: string }): string {
  const results = o.q
    ? `<h2>Ontologies <span class="muted">(${o.ontologyTotal})</span></h2>
${o.ontologies.length ? `<ul class="plain">${o.ontologies.map(ontologyItem).join('')}</ul>` : '<p>No ontology titles match.</p>'}
${o.ontologyTotal > o.ontologies.length ? `<p><a href="${esc(`/ontologies?title=${encodeURIComponent(o.q)}`)}">All matching ontologies</a></p>` : ''}
<h2>Terms <span class="muted">(${o.termTotal})</span></h2>
${
  o.terms.length
    ? `<ul class="plain">${o.terms
        .map(
          (t) => `<li><a href="${esc(termPath(t.ontology_id, t.iri))}"><strong>${termLabel(t)}</strong></a> <span class="muted">${esc(t.curie ?? '')} · ${esc(t.kind)}${t.deprecated ? ' · deprecated' : ''} · in <a href="${esc(ontologyPath(t.ontology_id))}">${esc(t.ontology_title)}</a></span>${t.definition ? `<br><span class="muted">${esc(t.definition)}</span>` : ''}</li>`,
        )
        .join('')}</ul>`
    : '<p>No terms match.</p>'
}
${pager('/search', { q: o.q }, o.page, o.page * o.perPage < o.termTotal)}`
    : '';
  return webPage(
    o.q ? `Search: ${o.q}` : 'Search',
    `<h1>Search</h1>
${searchForm(o.q, !o.q)}
${o.problem ? `<div class="error" role="alert">${esc(o.problem)}</div>` : ''}
${results}`,
    'search',
  );
}
