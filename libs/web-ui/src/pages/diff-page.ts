// /ontologies/:id/diff: two chosen versions (default: the head against its parent) side by side:
// the changed regions of their sources in two columns, the earlier version on the left, removals
// and additions marked (by a sign too, not by colour alone). At phone width each row stacks.
import { esc } from '@oms/platform';
import { ontologyPath, webPage } from './frame.js';
import { sideBySide, type Side, type SideBySideRow } from './side-by-side.js';

export type DiffChoice = { id: string; version: string };
export type DiffResult = { from: { version: string } | null; to: { version: string }; unified: string; truncated: boolean; summary: Record<string, unknown> };

function select(name: string, label: string, choices: DiffChoice[], chosen: string | undefined, empty?: string): string {
  const options = [empty ? `<option value="">${esc(empty)}</option>` : '', ...choices.map((c) => `<option value="${esc(c.id)}"${c.id === chosen ? ' selected' : ''}>${esc(c.version)}</option>`)].join('');
  return `<div class="grow"><label for="${name}">${label}</label><select id="${name}" name="${name}">${options}</select></div>`;
}

function cells(side: Side | null, kind: 'same' | 'removed' | 'added'): string {
  if (!side) return '<td class="n"></td><td class="empty"></td>';
  const sign =
    kind === 'removed'
      ? '<span class="sign" aria-hidden="true">−</span><span class="visually-hidden">removed: </span>'
      : kind === 'added'
        ? '<span class="sign" aria-hidden="true">+</span><span class="visually-hidden">added: </span>'
        : '';
  return `<td class="n">${side.n}</td><td class="${kind}">${sign}${esc(side.text)}</td>`;
}

function row(r: SideBySideRow): string {
  if (r.kind === 'hunk') return `<tr class="hunk"><td colspan="4">${esc(r.text)}</td></tr>`;
  if (r.kind === 'same') return `<tr class="same">${cells(r.left, 'same')}${cells(r.right, 'same')}</tr>`;
  return `<tr class="change">${cells(r.left, 'removed')}${cells(r.right, 'added')}</tr>`;
}

function table(unified: string, from: string, to: string): string {
  return `<div class="sbs-frame" tabindex="0" role="region" aria-label="Differences side by side (scrolls)"><table class="sbs">
<caption class="muted">${esc(from)} (lines marked −, left) against ${esc(to)} (lines marked +, right); line numbers are each version's own.</caption>
<colgroup><col class="n"><col class="text"><col class="n"><col class="text"></colgroup>
<thead><tr><th scope="col"><span class="visually-hidden">Line</span></th><th scope="col">${esc(from)}</th><th scope="col"><span class="visually-hidden">Line</span></th><th scope="col">${esc(to)}</th></tr></thead>
<tbody>${sideBySide(unified).map(row).join('')}</tbody>
</table></div>`;
}

export function diffPage(o: { id: string; title: string; choices: DiffChoice[]; from?: string | undefined; to?: string | undefined; diff: DiffResult }): string {
  const here = ontologyPath(o.id);
  const counts = Object.entries(o.diff.summary)
    .filter(([, value]) => typeof value === 'number')
    // "1 line added", "2 lines added", "1 hunk".
    .map(([key, value]) => `${esc(String(value))} ${esc((value === 1 ? key.replace(/^(\w+?)s(_|$)/, '$1$2') : key).replace(/_/g, ' '))}`)
    .join(' · ');
  return webPage(
    `Diff · ${o.title}`,
    `<h1>${esc(o.title)}</h1>
<nav class="tabs" aria-label="This ontology"><a href="${esc(here)}">Overview</a><a href="${esc(`${here}/history`)}">History</a><a class="active" href="${esc(`${here}/diff`)}" aria-current="page">Diff</a></nav>
<form class="search" method="get" action="${esc(`${here}/diff`)}">
${select('from', 'From version', o.choices, o.from, 'the one before')}
${select('to', 'To version', o.choices, o.to)}
<div><button type="submit">Compare</button></div>
</form>
<h2>${o.diff.from ? `Version ${esc(o.diff.from.version)}` : 'Nothing'} → version ${esc(o.diff.to.version)}</h2>
${counts ? `<p class="muted">${counts}</p>` : ''}
${o.diff.unified ? table(o.diff.unified, o.diff.from ? `Version ${o.diff.from.version}` : 'Nothing', `Version ${o.diff.to.version}`) : '<p>The two versions have the same source.</p>'}
${o.diff.truncated ? '<p class="muted">Only the first changes are shown.</p>' : ''}`,
    'ontologies',
  );
}
