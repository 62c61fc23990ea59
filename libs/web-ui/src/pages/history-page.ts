// /ontologies/:id/history: the commits, newest first, each with its release note (the term
// changes the commit made against its parent, summarised, the first few named).
import { esc } from '@oms/platform';
import { date, ontologyPath, pager, query, termPath, webPage } from './frame.js';

export type HistoryCommit = {
  id: string;
  version: string;
  message: string;
  commitHash: string;
  createdAt: Date;
  changes: { summary: { added: number; changed: number; removed: number }; data: { iri: string; change: string; fields: string[]; after: unknown; before: unknown }[] };
};

const labelOf = (change: { iri: string; after: unknown; before: unknown }) => {
  const side = (change.after ?? change.before) as { label?: string | null; curie?: string | null } | null;
  return side?.label ?? side?.curie ?? change.iri;
};

function note(ontologyId: string, c: HistoryCommit): string {
  const { added, changed, removed } = c.changes.summary;
  if (added + changed + removed === 0) return '<p class="muted">No term changes.</p>';
  const items = c.changes.data
    .map((ch) => {
      const name = ch.change === 'removed' ? esc(labelOf(ch)) : `<a href="${esc(termPath(ontologyId, ch.iri))}">${esc(labelOf(ch))}</a>`;
      return `<li><span class="badge">${esc(ch.change)}</span> ${name}${ch.fields.length && ch.change === 'changed' ? ` <span class="muted">(${esc(ch.fields.join(', '))})</span>` : ''}</li>`;
    })
    .join('');
  const more = added + changed + removed - c.changes.data.length;
  return `<p><span class="added">${added} added</span> · ${changed} changed · <span class="removed">${removed} removed</span></p>
<ul class="plain">${items}</ul>${more > 0 ? `<p class="muted">and ${more} more changes.</p>` : ''}`;
}

export function historyPage(o: { id: string; title: string; commits: HistoryCommit[]; total: number; page: number; perPage: number }): string {
  const here = ontologyPath(o.id);
  const commits = o.commits
    .map(
      (c, index) => `<article id="c-${esc(c.id)}" aria-labelledby="h-${esc(c.id)}">
<h2 id="h-${esc(c.id)}">Version ${esc(c.version)}</h2>
<p class="muted">${date(c.createdAt)} · <code>${esc(c.commitHash.slice(0, 19))}…</code>${
        index < o.commits.length - 1 || o.page * o.perPage < o.total
          ? ` · <a href="${esc(`${here}/diff${query({ to: c.id })}`)}">diff with the previous version</a>`
          : ''
      }</p>
<p>${esc(c.message || '(no message)')}</p>
${note(o.id, c)}
</article>`,
    )
    .join('');
  return webPage(
    `History · ${o.title}`,
    `<h1>${esc(o.title)}</h1>
<nav class="tabs" aria-label="This ontology"><a href="${esc(here)}">Overview</a><a class="active" href="${esc(`${here}/history`)}" aria-current="page">History</a><a href="${esc(`${here}/diff`)}">Diff</a></nav>
<p class="lead">${o.total} ${o.total === 1 ? 'version' : 'versions'}, newest first.</p>
${commits}
${pager(`${here}/history`, {}, o.page, o.page * o.perPage < o.total)}`,
    'ontologies',
  );
}
