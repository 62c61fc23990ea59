// Renders deploy/nginx.conf (written for docker compose) for a local nginx run by the
// current user: upstream servers on loopback ports, the public listener on 127.0.0.1:$PORT,
// and every file nginx writes (pid, temp bodies) inside one folder. Each replacement must
// find what it replaces, so a reshaped template fails loudly instead of routing wrongly.

/** Replaces exactly `expected` matches of `pattern` (global) in `text`, or throws. */
function replaceCounted(text, pattern, replacement, expected, what) {
  let count = 0;
  const result = text.replace(pattern, (...args) => {
    count += 1;
    return typeof replacement === 'function' ? replacement(...args) : replacement;
  });
  if (count !== expected) throw new Error(`deploy/nginx.conf: expected ${expected} ${what}, found ${count}`);
  return result;
}

/**
 * @param {string} template the text of deploy/nginx.conf
 * @param {{
 *   listen: string,
 *   upstreams: Record<string, string[]>,
 *   dir: string,
 *   accessLog?: boolean,
 *   accessLogFile?: string,
 *   runAsRoot?: boolean,
 * }} options `listen` like 127.0.0.1:8080; `upstreams` maps an upstream name to host:port
 *   servers; `dir` is the folder for pid and temp files; `accessLog` logs every request to
 *   stdout; `accessLogFile` also writes one JSON line per request to that file, with the
 *   upstream server that answered it (method, path without query, status, upstream,
 *   user agent); `runAsRoot` keeps the workers root when nginx is started by root (they
 *   would switch to nobody, who cannot use `dir`).
 * @returns {string}
 */
export function renderNginxConfig(template, options) {
  if (/[\s;{}'"]/.test(options.dir)) throw new Error(`nginx folder must not contain spaces, quotes or braces: ${options.dir}`);
  let text = template;

  text = replaceCounted(text, /^pid\s+[^;]+;/gm, `pid ${options.dir}/nginx.pid;`, 1, 'top-level pid directive');
  text = replaceCounted(text, /^error_log\s+[^;]+;/gm, 'error_log stderr warn;', 1, 'top-level error_log directive');
  const head = ['# Rendered by tools/cluster/run.mjs from deploy/nginx.conf; do not edit.', 'daemon off;'];
  if (options.runAsRoot) head.push('user root root;');
  text = `${head.join('\n')}\n${text}`;

  if (options.accessLogFile !== undefined && /[\s;{}'"]/.test(options.accessLogFile)) {
    throw new Error(`access log path must not contain spaces, quotes or braces: ${options.accessLogFile}`);
  }
  text = replaceCounted(
    text,
    /^([ \t]*)access_log\s+\/dev\/stdout;/gm,
    (_m, indent) => {
      if (!options.accessLogFile) return `${indent}access_log ${options.accessLog ? '/dev/stdout' : 'off'};`;
      // Which replica served which request, for tests of the routing; no query strings
      // (codes, states) and no credentials.
      return [
        `${indent}log_format upstreams escape=json '{"time":$msec,"method":"$request_method","path":"$uri","status":$status,"upstream":"$upstream_addr","user_agent":"$http_user_agent"}';`,
        ...(options.accessLog ? [`${indent}access_log /dev/stdout;`] : []),
        `${indent}access_log ${options.accessLogFile} upstreams;`,
      ].join('\n');
    },
    1,
    'http access_log directive',
  );
  text = replaceCounted(
    text,
    /^([ \t]*)(client_body|proxy|fastcgi|uwsgi|scgi)_temp_path\s+[^;]+;/gm,
    (_m, indent, kind) => `${indent}${kind}_temp_path ${options.dir}/${kind}_temp;`,
    5,
    'temp path directives',
  );
  // Docker's DNS does not exist here, and every upstream server is an address.
  text = replaceCounted(text, /^[ \t]*resolver\s+[^;]+;\n/gm, '', 1, 'resolver directive');

  const seen = new Set();
  text = text.replace(/^([ \t]*)upstream\s+([A-Za-z0-9_]+)\s*\{([^}]*)\}/gm, (_m, indent, name, body) => {
    const servers = options.upstreams[name];
    if (!servers || servers.length === 0) throw new Error(`deploy/nginx.conf: no servers given for upstream ${name}`);
    seen.add(name);
    const inner = `${indent}    `;
    let placed = false;
    const lines = body.split('\n').flatMap((line) => {
      if (!/^[ \t]*server\s/.test(line)) return [line];
      if (placed) return [];
      placed = true;
      return servers.map((server) => `${inner}server ${server} max_fails=1 fail_timeout=5s;`);
    });
    if (!placed) throw new Error(`deploy/nginx.conf: upstream ${name} has no server line`);
    return `${indent}upstream ${name} {${lines.join('\n')}}`;
  });
  for (const name of Object.keys(options.upstreams)) {
    if (!seen.has(name)) throw new Error(`deploy/nginx.conf: upstream ${name} not found`);
  }

  text = replaceCounted(text, /^([ \t]*)listen\s+[^;]+;/gm, (_m, indent) => `${indent}listen ${options.listen};`, 1, 'listen directive');
  return text;
}
