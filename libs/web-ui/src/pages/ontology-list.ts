// /ontologies: the ontologies the user may see, with the REST list's filters (whose, title, format).
import { esc } from '@oms/platform';
import { date, ontologyPath, pager, webPage } from './frame.js';

export type ListedOntology = { id: string; title: string; description: string; visibility: string; sourceFormat: string; version: string; updatedAt: Date };
export type ListFilters = { filter: string; title?: string | undefined; source_format?: string | undefined };

const WHOSE = [
  ['all', 'All I can see'],
  ['my_accounts', 'My accounts'],
  ['public', 'Public'],
] as const;
const FORMATS = ['yaml', 'json', 'owl', 'rdf', 'turtle', 'orm', 'other'];

export function ontologyItem(o: ListedOntology): string {
  return `<li><a href="${esc(ontologyPath(o.id))}"><strong>${esc(o.title)}</strong></a>
<span class="badge">${esc(o.visibility)}</span> <span class="muted">${esc(o.sourceFormat)} · version ${esc(o.version)} · updated ${date(o.updatedAt)}</span>
${o.description ? `<br><span class="muted">${esc(o.description.length > 240 ? `${o.description.slice(0, 240)}…` : o.description)}</span>` : ''}</li>`;
}

export function ontologyListPage(o: { rows: ListedOntology[]; filters: ListFilters; page: number; total: number; perPage: number }): string {
  const whose = WHOSE.map(([value, label]) => `<option value="${value}"${o.filters.filter === value ? ' selected' : ''}>${label}</option>`).join('');
  const formats = ['<option value="">Any format</option>', ...FORMATS.map((f) => `<option value="${f}"${o.filters.source_format === f ? ' selected' : ''}>${f}</option>`)].join('');
  const list = o.rows.length ? `<ul class="plain">${o.rows.map(ontologyItem).join('')}</ul>` : '<p>No ontologies match.</p>';
  return webPage(
    'Ontologies',
    `<h1>Ontologies</h1>
<p><a href="/ontologies/new">New ontology</a></p>
<p class="lead">${o.total} ${o.total === 1 ? 'ontology' : 'ontologies'} you can see${o.filters.filter === 'all' ? '' : ' with these filters'}.</p>
<form class="search" method="get" action="/ontologies" role="search">
<div class="grow"><label for="title">Title contains</label><input id="title" name="title" type="search" maxlength="200" value="${esc(o.filters.title ?? '')}"></div>
<div><label for="filter">Whose</label><select id="filter" name="filter">${whose}</select></div>
<div><label for="source_format">Format</label><select id="source_format" name="source_format">${formats}</select></div>
<div><button type="submit">Filter</button></div>
</form>
<h2>Results</h2>
${list}
${pager('/ontologies', { filter: o.filters.filter, title: o.filters.title, source_format: o.filters.source_format }, o.page, o.page * o.perPage < o.total)}`,
    'ontologies',
  );
}
