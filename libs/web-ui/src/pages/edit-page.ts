// /ontologies/:id/edit: members change the title, description and visibility (a metadata change
// makes no commit). The form carries the session's CSRF token.
import { esc } from '@oms/platform';
import { ontologyPath, webPage } from './frame.js';

export type EditValues = { title: string; description: string; visibility: string };

export function editPage(o: { id: string; csrf: string; values: EditValues; errors?: Record<string, string[]> }): string {
  const here = ontologyPath(o.id);
  const problem = (field: string) => {
    const messages = o.errors?.[field];
    return messages?.length ? `<div class="error" id="${field}-error" role="alert">${esc(`${field} ${messages.join('; ')}`)}</div>` : '';
  };
  const described = (field: string) => (o.errors?.[field]?.length ? ` aria-describedby="${field}-error" aria-invalid="true"` : '');
  const visibility = ['public', 'private']
    .map((value) => `<option value="${value}"${o.values.visibility === value ? ' selected' : ''}>${value === 'public' ? 'Public: every signed-in user' : 'Private: members of the account'}</option>`)
    .join('');
  return webPage(
    `Edit · ${o.values.title}`,
    `<h1>Edit ${esc(o.values.title)}</h1>
<p class="lead">Title, description and visibility change without a new version.</p>
<form method="post" action="${esc(`${here}/edit`)}"><input type="hidden" name="csrf" value="${esc(o.csrf)}">
<label for="title">Title</label><input id="title" name="title" type="text" required maxlength="255" value="${esc(o.values.title)}"${described('title')}>
${problem('title')}
<label for="description">Description</label><textarea id="description" name="description" rows="5"${described('description')}>${esc(o.values.description)}</textarea>
${problem('description')}
<label for="visibility">Visibility</label><select id="visibility" name="visibility"${described('visibility')}>${visibility}</select>
${problem('visibility')}
<div class="actions"><button type="submit">Save</button><a href="${esc(here)}">Cancel</a></div>
</form>`,
    'ontologies',
  );
}
