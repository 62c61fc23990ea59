// /ontologies/:id/diff: two chosen versions (default: the head against its parent) and the
// unified difference of their sources, one line per row, additions and removals marked.
import { esc } from '@oms/platform';
import { ontologyPath, webPage } from './frame.js';

export type DiffChoice = { id: string; version: string };
export type DiffResult = { from: { version: string } | null; to: { version: string }; unified: string; truncated: boolean; summary: Record<string, unknown> };

function select(name: string, label: string, choices: DiffChoice[], chosen: string | undefined, empty?: string): string {
  const options = [empty ? `<option value="">${esc(empty)}</option>` : '', ...choices.map((c) => `<option value="${esc(c.id)}"${c.id === chosen ? ' selected' : ''}>${esc(c.version)}</option>`)].join('');
  return `<div class="grow"><label for="${name}">${label}</label><select id="${name}" name="${name}">${options}</select></div>`;
}

function lines(unified: string): string {
  return unified
    .split('\n')
    .map((line) => {
      const kind = line.startsWith('+++') || line.startsWith('---') ? '' : line.startsWith('+') ? 'added' : line.startsWith('-') ? 'removed' : '';
      return kind ? `<span class="${kind}">${esc(line)}</span>` : esc(line);
    })
    .join('\n');
}

export function diffPage(o: { id: string; title: string; choices: DiffChoice[]; from?: string | undefined; to?: string | undefined; diff: DiffResult }): string {
  const here = ontologyPath(o.id);
  const counts = Object.entries(o.diff.summary)
    .filter(([, value]) => typeof value === 'number')
    .map(([key, value]) => `${esc(String(value))} ${esc(key.replace(/_/g, ' '))}`)
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
${o.diff.unified ? `<pre class="diff" tabindex="0" aria-label="Differences, unified format">${lines(o.diff.unified)}</pre>` : '<p>The two versions have the same source.</p>'}
${o.diff.truncated ? '<p class="muted">Only the first changes are shown.</p>' : ''}`,
    'ontologies',
  );
}
