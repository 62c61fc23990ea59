// Server-rendered pages: one small stylesheet, no scripts, no external assets, every value
// HTML-escaped before it is placed in markup.
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function esc(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · Ontology Service</title>
<link rel="stylesheet" href="/assets/auth.css">
</head>
<body>
<header class="top"><a class="brand" href="/settings">◆ Ontology Service</a></header>
<main class="card">
${body}
</main>
</body>
</html>
`;
}

export const STYLESHEET = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;background:#f4f5f9;color:#1d2433;line-height:1.45}
.top{padding:14px 20px;background:#1d2433}
.brand{color:#fff;text-decoration:none;font-weight:600;letter-spacing:.2px}
.card{max-width:460px;margin:40px auto;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(20,30,60,.08);padding:28px}
.card.wide{max-width:760px}
h1{font-size:1.35rem;margin:0 0 6px}
p.lead{color:#5a6275;margin:0 0 20px}
label{display:block;font-weight:600;font-size:.9rem;margin:14px 0 6px}
input[type=email],input[type=password],input[type=text]{width:100%;padding:10px 12px;border:1px solid #c9cedb;border-radius:8px;font-size:1rem}
input:focus{outline:2px solid #6b4fd8;border-color:#6b4fd8}
.actions{display:flex;gap:10px;margin-top:22px;flex-wrap:wrap}
button{padding:10px 18px;border-radius:8px;border:0;font-size:1rem;cursor:pointer;background:#6b4fd8;color:#fff;font-weight:600}
button.secondary{background:#e7e9f0;color:#1d2433}
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
@media (max-width:520px){.card{margin:0;border-radius:0;box-shadow:none;padding:20px}}
`;
