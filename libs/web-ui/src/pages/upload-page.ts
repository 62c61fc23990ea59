// /ontologies/:id/upload: members upload a new version of the source as a file (multipart, any
// size up to SOURCE_MAX_BYTES), with a message and a version bump or an explicit version. The
// CSRF token is the form's first field, so the server checks it before it stores the file. The
// page's one script (upload-progress-script.ts) shows the upload's progress where it runs.
import { esc } from '@oms/platform';
import { ontologyPath, size, webPage } from './frame.js';
import { UPLOAD_SCRIPT_PATH } from '../upload-progress-script.js';


export type UploadValues = { message: string; version_bump: string; version: string };

export function uploadPage(o: { id: string; title: string; version: string; sourceFormat: string; maxBytes: number; csrf: string; values: UploadValues; errors?: Record<string, string[]> }): string {
  const here = ontologyPath(o.id);
  const problem = (field: string) => {
    const messages = o.errors?.[field];
    return messages?.length ? `<div class="error" id="${field}-error" role="alert">${esc(`${field} ${messages.join('; ')}`)}</div>` : '';
  };
  const described = (field: string) => (o.errors?.[field]?.length ? ` aria-describedby="${field}-error" aria-invalid="true"` : '');
  const bumps = ['patch', 'minor', 'major']
    .map((value) => `<option value="${value}"${o.values.version_bump === value ? ' selected' : ''}>${value}</option>`)
    .join('');
  return webPage(
    `Upload · ${o.title}`,
    `<h1>Upload a new version of ${esc(o.title)}</h1>
<p class="lead">Now at version ${esc(o.version)} (${esc(o.sourceFormat)}). The file (UTF-8, up to ${esc(size(o.maxBytes))}) replaces the source in the same format and makes a new commit.</p>
<form method="post" action="${esc(`${here}/upload`)}" enctype="multipart/form-data" data-upload><input type="hidden" name="csrf" value="${esc(o.csrf)}">
<label for="message">Message (what changed)</label><input id="message" name="message" type="text" maxlength="2000" value="${esc(o.values.message)}"${described('message')}>
${problem('message')}
<label for="version_bump">Version bump</label><select id="version_bump" name="version_bump"${described('version_bump')}>${bumps}</select>
${problem('version_bump')}
<label for="version">Or an explicit version (optional, greater than ${esc(o.version)})</label><input id="version" name="version" type="text" maxlength="100" inputmode="decimal" value="${esc(o.values.version)}"${described('version')}>
${problem('version')}
<label for="source">Source file</label><input id="source" name="source" type="file" required${described('source')}>
${problem('source')}
<progress class="upload" data-upload-progress max="100" value="0" hidden aria-label="Upload progress"></progress>
<p class="muted" data-upload-status role="status" aria-live="polite"></p>
<div class="actions"><button type="submit">Upload</button><a href="${esc(here)}">Cancel</a></div>
</form>
<script src="${UPLOAD_SCRIPT_PATH}" defer></script>`,
    'ontologies',
  );
}
