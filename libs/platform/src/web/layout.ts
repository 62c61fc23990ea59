// Server-rendered pages of the one origin (sign-in, consent, settings, the web interface): one
// small stylesheet, no scripts, no external assets, every value HTML-escaped before it is
// placed in markup.
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function esc(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** The path every page loads its one stylesheet from. */
export const STYLESHEET_PATH = '/assets/auth.css';

export type PageOptions = {
  /** The card's width: narrow forms (default), settings tables, or the web interface's pages. */
  width?: 'narrow' | 'wide' | 'full';
  /** Links in the top bar (the web interface's sections), with the current one marked. */
  nav?: { href: string; label: string; current?: boolean }[];
};

export function page(title: string, body: string, options: PageOptions = {}): string {
  const width = options.width && options.width !== 'narrow' ? ` ${options.width}` : '';
  const nav = options.nav?.length
    ? `<nav class="site" aria-label="Sections">${options.nav
        .map((link) => `<a href="${esc(link.href)}"${link.current ? ' aria-current="page"' : ''}>${esc(link.label)}</a>`)
        .join('')}</nav>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · Ontology Service</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<header class="top"><a class="brand" href="/">◆ Ontology Service</a>${nav}</header>
<main class="card${width}">
${body}
</main>
</body>
</html>
`;
}

export const STYLESHEET = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;background:#f4f5f9;color:#1d2433;line-height:1.45}
.top{padding:14px 20px;background:#1d2433;display:flex;flex-wrap:wrap;gap:8px 20px;align-items:center}
.brand{color:#fff;text-decoration:none;font-weight:600;letter-spacing:.2px}
nav.site{display:flex;gap:4px 14px;flex-wrap:wrap}
nav.site a{color:#d9dcf5;text-decoration:none;font-size:.95rem;padding:2px 0}
nav.site a[aria-current=page]{color:#fff;border-bottom:2px solid #a996ff}
.card{max-width:460px;margin:40px auto;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(20,30,60,.08);padding:28px}
.card.wide{max-width:760px}
.card.full{max-width:1040px}
a{color:#4b32b8}
h2{font-size:1.05rem;margin:26px 0 8px}
.muted{color:#5a6275}
.small{font-size:.85rem}
.hint{font-weight:400;color:#5a6275}
caption{text-align:left;padding:0 0 6px}
table.metrics{width:auto;min-width:50%}
table.metrics td{text-align:right;font-variant-numeric:tabular-nums}
.meta{display:grid;grid-template-columns:max-content 1fr;gap:6px 16px;margin:16px 0}
.meta dt{font-weight:600;color:#5a6275}
.meta dd{margin:0;overflow-wrap:anywhere}
.chips{display:flex;flex-wrap:wrap;gap:8px;padding:0;list-style:none;margin:8px 0}
.chips a{display:inline-block;padding:6px 12px;border-radius:999px;background:#eef0f6;color:#1d2433;text-decoration:none;font-size:.9rem}
ul.plain{list-style:none;padding:0;margin:8px 0}
ul.plain li{padding:8px 0;border-bottom:1px solid #eceef4;overflow-wrap:anywhere}
.crumbs ol{list-style:none;padding:0;margin:0 0 12px;display:flex;flex-wrap:wrap;gap:4px;font-size:.9rem}
.crumbs li+li::before{content:"›";margin-right:4px;color:#5a6275}
form.search{display:flex;gap:8px;flex-wrap:wrap;align-items:flex-end}
form.search .grow{flex:1 1 220px}
form.search label{margin-top:0}
textarea{width:100%;padding:10px 12px;border:1px solid #c9cedb;border-radius:8px;font:inherit}
.actions a{align-self:center}
textarea.code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.9rem}
input[type=search],select{width:100%;padding:10px 12px;border:1px solid #c9cedb;border-radius:8px;font-size:1rem;background:#fff}
.pager{display:flex;gap:12px;margin-top:16px}
.badge{display:inline-block;padding:1px 8px;border-radius:999px;background:#eef0f6;font-size:.8rem;font-weight:600}
.added{color:#1e5631}.removed{color:#8a1f11}
pre.diff{background:#f6f7fb;border-radius:8px;padding:12px;overflow:auto;font-size:.85rem;max-height:520px}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.sbs-frame{max-height:640px;overflow:auto;border:1px solid #eceef4;border-radius:8px}
table.sbs{table-layout:fixed;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.8rem}
table.sbs caption{font-family:system-ui,sans-serif;padding:8px}
table.sbs col.n{width:3.2em}
table.sbs th,table.sbs td{padding:1px 6px;border-bottom:0;white-space:pre-wrap;overflow-wrap:anywhere}
table.sbs thead th{position:sticky;top:0;background:#fff;border-bottom:1px solid #c9cedb;font-family:system-ui,sans-serif}
table.sbs td.n{color:#5a6275;text-align:right;user-select:none}
table.sbs td.removed{background:#fdecea;color:#8a1f11}
table.sbs td.added{background:#eaf6ee;color:#1e5631}
table.sbs td.empty{background:#f6f7fb}
table.sbs tr.hunk td{background:#eef0f6;color:#4a5163;padding:3px 6px}
table.sbs .sign{display:inline-block;width:1.1em;font-weight:700}
.diagram-frame{margin:8px 0;overflow:auto;max-height:720px;border:1px solid #eceef4;border-radius:8px;background:#fff}
svg.diagram{display:block;max-width:100%;height:auto}
progress.upload{display:block;width:100%;height:16px;margin-top:16px;accent-color:#6b4fd8}
progress.upload[hidden]{display:none}
h1{font-size:1.35rem;margin:0 0 6px}
p.lead{color:#5a6275;margin:0 0 20px}
label{display:block;font-weight:600;font-size:.9rem;margin:14px 0 6px}
input[type=email],input[type=password],input[type=text]{width:100%;padding:10px 12px;border:1px solid #c9cedb;border-radius:8px;font-size:1rem}
input:focus{outline:2px solid #6b4fd8;border-color:#6b4fd8}
.actions{display:flex;gap:10px;margin-top:22px;flex-wrap:wrap}
button{padding:10px 18px;border-radius:8px;border:0;font-size:1rem;cursor:pointer;background:#6b4fd8;color:#fff;font-weight:600}
button.secondary{background:#e7e9f0;color:#1d2433}
button:disabled{background:#8d7bd6;cursor:progress}
button.danger{background:#c0392b}
.error{background:#fdecea;color:#8a1f11;border-radius:8px;padding:10px 12px;margin:12px 0}
.notice{background:#eaf6ee;color:#1e5631;border-radius:8px;padding:10px 12px;margin:12px 0;word-break:break-all}
ul.scopes{padding-left:20px}
table{width:100%;border-collapse:collapse;font-size:.92rem}
th,td{text-align:left;padding:8px 6px;border-bottom:1px solid #eceef4;vertical-align:top;overflow-wrap:anywhere}
td code{word-break:break-all}
nav.tabs{display:flex;gap:6px;margin:0 0 18px;flex-wrap:wrap}
nav.tabs a{padding:6px 12px;border-radius:999px;background:#eef0f6;color:#1d2433;text-decoration:none;font-size:.9rem}
nav.tabs a.active{background:#6b4fd8;color:#fff}
code{background:#f1f2f6;padding:2px 5px;border-radius:4px}
.qr svg{width:200px;height:200px;display:block}
form.signout{margin-top:28px;border-top:1px solid #eceef4;padding-top:16px}
@media (max-width:520px){.card{margin:0;border-radius:0;box-shadow:none;padding:20px}.meta{grid-template-columns:1fr}.meta dd{margin-bottom:6px}
table.sbs,table.sbs tbody{display:block}table.sbs caption{display:block;text-align:left}table.sbs colgroup,table.sbs thead{display:none}table.sbs tr{display:grid;grid-template-columns:3em 1fr}table.sbs tr.hunk,table.sbs tr.hunk td{display:block}table.sbs tr.same td:nth-child(n+3){display:none}
.sbs-frame{max-height:none}svg.diagram{max-width:none}}
`;
