// The frame of every page of the web interface: the settings pages' layout and stylesheet,
// wide, with the sections in the top bar; and the few pieces the pages share.
import { esc, page } from '@oms/platform';

export type Section = 'home' | 'ontologies' | 'search';

const SECTIONS: { key: Section | 'settings'; href: string; label: string }[] = [
  { key: 'home', href: '/', label: 'Home' },
  { key: 'ontologies', href: '/ontologies', label: 'Ontologies' },
  { key: 'search', href: '/search', label: 'Search' },
  { key: 'settings', href: '/settings', label: 'Settings' },
];

export function webPage(title: string, body: string, section?: Section): string {
  return page(title, body, { width: 'full', nav: SECTIONS.map((s) => ({ href: s.href, label: s.label, current: s.key === section })) });
}

/** A query string from the values that are set (in order), with a leading `?`, or ''. */
export function query(values: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const ontologyPath = (id: string) => `/ontologies/${encodeURIComponent(id)}`;
export const termPath = (ontologyId: string, iri: string) => `${ontologyPath(ontologyId)}/terms${query({ iri })}`;

/** A byte count as people read it (1 GiB, 100 KiB, 512 bytes). */
export function size(bytes: number): string {
  for (const [unit, scale] of [['GiB', 1024 ** 3], ['MiB', 1024 ** 2], ['KiB', 1024]] as const) {
    if (bytes >= scale) return `${Number((bytes / scale).toFixed(1))} ${unit}`;
  }
  return `${bytes} bytes`;
}

export function date(value: Date | string): string {
  const iso = typeof value === 'string' ? value : value.toISOString();
  return `<time datetime="${esc(iso)}">${esc(iso.slice(0, 16).replace('T', ' '))} UTC</time>`;
}

/** Previous / next links of a paged list (page numbers from 1). */
export function pager(path: string, values: Record<string, string | number | undefined>, page: number, hasNext: boolean): string {
  if (page <= 1 && !hasNext) return '';
  const prev = page > 1 ? `<a href="${esc(path + query({ ...values, page: page - 1 }))}" rel="prev">← Previous</a>` : '';
  const next = hasNext ? `<a href="${esc(path + query({ ...values, page: page + 1 }))}" rel="next">Next →</a>` : '';
  return `<nav class="pager" aria-label="Pages">${prev}${next}</nav>`;
}

export function termLabel(term: { label: string | null; curie: string | null; iri: string }): string {
  return esc(term.label ?? term.curie ?? term.iri);
}

export function notFoundPage(): string {
  return webPage(
    'Not found',
    `<h1>Not found</h1>
<p class="lead">There is nothing here, or it is not visible to you.</p>
<p><a href="/ontologies">Browse the ontologies</a> or <a href="/search">search</a>.</p>`,
  );
}

export function problemPage(title: string, message: string): string {
  return webPage(title, `<h1>${esc(title)}</h1><div class="error" role="alert">${esc(message)}</div><p><a href="/">Back to the start page</a></p>`);
}
