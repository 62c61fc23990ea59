// The one script of the web interface: progressive enhancement of the upload form. Served as a
// file from this origin (CSP `script-src 'self'` on the upload page only, never inline). Where
// it runs, the form is sent with XMLHttpRequest so a <progress> shows the bytes sent; the answer
// is then followed (the history page after the 303) or, for a refusal, its page content replaces
// the form's so the reasons show. Without it, the form posts as any form does.

/** Where the upload page loads the script from (under /ontologies/, routed to the web app). */
export const UPLOAD_SCRIPT_PATH = '/ontologies/upload-progress.js';

export const UPLOAD_SCRIPT = `'use strict';
(function () {
  function percent(loaded, total) {
    return total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
  }
  function size(bytes) {
    if (bytes >= 1048576) return (bytes / 1048576).toFixed(1) + ' MiB';
    if (bytes >= 1024) return Math.round(bytes / 1024) + ' KiB';
    return bytes + ' bytes';
  }
  function enhance(form) {
    var bar = form.querySelector('progress[data-upload-progress]');
    var status = form.querySelector('[data-upload-status]');
    var button = form.querySelector('button[type=submit]');
    if (!bar || !status || typeof XMLHttpRequest === 'undefined' || typeof FormData === 'undefined') return;
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      // The reasons a previous attempt was refused no longer apply.
      var stale = form.querySelectorAll('.error[role=alert]');
      for (var j = 0; j < stale.length; j += 1) stale[j].remove();
      var xhr = new XMLHttpRequest();
      xhr.open('POST', form.action);
      xhr.responseType = 'text';
      bar.hidden = false;
      bar.value = 0;
      status.textContent = 'Uploading…';
      if (button) button.disabled = true;
      xhr.upload.addEventListener('progress', function (e) {
        if (!e.lengthComputable) return;
        bar.value = percent(e.loaded, e.total);
        status.textContent = 'Uploaded ' + size(e.loaded) + ' of ' + size(e.total) + ' (' + bar.value + '%)';
      });
      xhr.upload.addEventListener('load', function () {
        bar.value = 100;
        status.textContent = 'Sent; checking and storing the new version…';
      });
      xhr.addEventListener('load', function () {
        if (xhr.status >= 200 && xhr.status < 300 && xhr.responseURL && xhr.responseURL.split('#')[0] !== form.action) {
          status.textContent = 'Stored; opening the history…';
          window.location.assign(xhr.responseURL);
          return;
        }
        // A refusal is a whole page (the form with its reasons, or a problem page): show its content.
        var page = new DOMParser().parseFromString(xhr.responseText, 'text/html');
        var main = page.querySelector('main');
        var here = document.querySelector('main');
        if (main && here) {
          here.innerHTML = main.innerHTML;
          document.title = page.title || document.title;
          var again = here.querySelector('form[data-upload]');
          if (again) enhance(again);
          var alert = here.querySelector('[role=alert]');
          if (alert && alert.scrollIntoView) alert.scrollIntoView();
        } else {
          status.textContent = 'The upload failed (HTTP ' + xhr.status + '). Try again.';
          if (button) button.disabled = false;
        }
      });
      xhr.addEventListener('error', function () {
        status.textContent = 'The upload was interrupted; check the connection and try again.';
        bar.hidden = true;
        if (button) button.disabled = false;
      });
      xhr.send(new FormData(form));
    });
  }
  var forms = document.querySelectorAll('form[data-upload]');
  for (var i = 0; i < forms.length; i += 1) enhance(forms[i]);
})();
`;
