// /ontologies/new: a new ontology from a pasted source (up to the form's 2 MB; larger sources
// go through the REST API until the multipart upload exists). The form carries the CSRF token.
import { esc } from '@oms/platform';
import { webPage } from './frame.js';

export type CreateValues = { title: string; description: string; visibility: string; source_format: string; source: string };

const FORMATS = ['turtle', 'rdf', 'owl', 'json', 'yaml', 'orm', 'other'];

export function createPage(o: { csrf: string; values: CreateValues; errors?: Record<string, string[]> }): string {
  const problem = (field: string) => {
    const messages = o.errors?.[field];
    return messages?.length ? `<div class="error" id="${field}-error" role="alert">${esc(`${field.replace('_', ' ')} ${messages.join('; ')}`)}</div>` : '';
  };
  const described = (field: string) => (o.errors?.[field]?.length ? ` aria-describedby="${field}-error" aria-invalid="true"` : '');
  const options = (values: string[], chosen: string) => values.map((value) => `<option value="${value}"${value === chosen ? ' selected' : ''}>${value}</option>`).join('');
  return webPage(
    'New ontology',
    `<h1>New ontology</h1>
<p class="lead">Paste the source; it is checked for its format before it is stored as version 1.0.0 in your personal account.</p>
<form method="post" action="/ontologies/new"><input type="hidden" name="csrf" value="${esc(o.csrf)}">
<label for="title">Title</label><input id="title" name="title" type="text" required maxlength="255" value="${esc(o.values.title)}"${described('title')}>
${problem('title')}
<label for="description">Description</label><textarea id="description" name="description" rows="3"${described('description')}>${esc(o.values.description)}</textarea>
${problem('description')}
<label for="visibility">Visibility</label><select id="visibility" name="visibility">${options(['private', 'public'], o.values.visibility)}</select>
<label for="source_format">Format</label><select id="source_format" name="source_format"${described('source_format')}>${options(FORMATS, o.values.source_format)}</select>
${problem('source_format')}
<label for="source">Source</label><textarea class="code" id="source" name="source" rows="12" required spellcheck="false"${described('source')}>${esc(o.values.source)}</textarea>
${problem('source')}
<div class="actions"><button type="submit">Create</button><a href="/ontologies">Cancel</a></div>
</form>`,
    'ontologies',
  );
}
