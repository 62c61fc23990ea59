// The container topology, checked without a Docker engine: docker-compose.yml against the
// Dockerfile's stages and each app's config schema (read as text from apps/*/src/config.ts,
// so a renamed variable fails here), and deploy/nginx.conf's routing of DESIGN 2's paths.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { suiteCanRun } from '@oms/testing';
import { renderNginxConfig } from '../lib/nginx-config.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

// ---------------------------------------------------------------------------------------
// The apps' environment variables, from the zod object in their config.ts.

type ConfigKey = { name: string; required: boolean; enumValues?: string[] };

function configKeys(app: string): Map<string, ConfigKey> {
  const text = read(`apps/${app}/src/config.ts`);
  const opening = /z\s*\.object\(\{[ \t]*\n/.exec(text);
  if (!opening) throw new Error(`apps/${app}/src/config.ts: no z.object({ ... }) found`);
  const lines = text.slice(opening.index + opening[0].length).split('\n');
  const keyIndent = /^(\s+)[A-Z][A-Z0-9_]*\s*:/.exec(lines[0] ?? '')?.[1];
  if (!keyIndent) throw new Error(`apps/${app}/src/config.ts: the object does not start with a KEY: line`);
  const keyLine = new RegExp(`^${keyIndent}([A-Z][A-Z0-9_]*)\\s*:(.*)$`);
  const keys = new Map<string, ConfigKey>();
  let current: { name: string; expression: string } | undefined;
  const finish = () => {
    if (!current) return;
    const enumMatch = /z\.enum\(\[([^\]]*)\]\)/.exec(current.expression);
    const enumValues = enumMatch ? [...(enumMatch[1] ?? '').matchAll(/'([^']*)'/g)].map((m) => m[1] ?? '') : undefined;
    keys.set(current.name, {
      name: current.name,
      required: !/\.optional\(\)|\.default\(/.test(current.expression),
      ...(enumValues ? { enumValues } : {}),
    });
  };
  for (const line of lines) {
    const indent = /^\s*/.exec(line)?.[0].length ?? 0;
    if (line.trim() !== '' && indent < keyIndent.length) break; // the object's closing line
    const match = keyLine.exec(line);
    if (match) {
      finish();
      current = { name: match[1] ?? '', expression: match[2] ?? '' };
    } else if (current) {
      current.expression += line;
    }
  }
  finish();
  return keys;
}

// ---------------------------------------------------------------------------------------
// docker-compose.yml and the Dockerfile.

type Service = {
  image?: string;
  build?: { context?: string; dockerfile?: string; target?: string; args?: Record<string, string> };
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  deploy?: { replicas?: number };
  healthcheck?: { test: string[] };
};

const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, Service> };
const services = compose.services;
const dockerfile = read('Dockerfile');
const stages = [...dockerfile.matchAll(/^FROM\s+\S+\s+AS\s+(\S+)\s*$/gim)].map((m) => m[1] ?? '');
const APP_SERVICES = ['rest-api', 'auth-server', 'web', 'mcp-gateway', 'render-worker'] as const;

function service(name: string): Service {
  const found = services[name];
  if (!found) throw new Error(`docker-compose.yml has no service ${name}`);
  return found;
}
const env = (name: string) => service(name).environment ?? {};
const isLiteral = (value: string) => !value.includes('${');

describe('docker-compose.yml', () => {
  it('when the services are listed then the topology is complete and nothing else', () => {
    expect(Object.keys(services).sort()).toEqual(['auth-server', 'edge', 'mcp-gateway', 'migrate', 'postgres', 'redis', 'render-worker', 'rest-api', 'web'].sort());
  });

  it('when an app service is built then its APP is a real app and its target a stage of the Dockerfile', () => {
    const expected: Record<string, { app: string; target: string }> = {
      migrate: { app: 'rest-api', target: 'runtime' },
      'rest-api': { app: 'rest-api', target: 'runtime' },
      'auth-server': { app: 'auth-server', target: 'runtime' },
      web: { app: 'web', target: 'runtime' },
      'mcp-gateway': { app: 'mcp-gateway', target: 'runtime' },
      'render-worker': { app: 'render-worker', target: 'render-worker' },
    };
    for (const [name, { app, target }] of Object.entries(expected)) {
      const build = service(name).build;
      expect(build, name).toBeDefined();
      expect(build?.context, name).toBe('.');
      expect(build?.dockerfile, name).toBe('Dockerfile');
      expect(build?.args?.['APP'], name).toBe(app);
      expect(build?.target, name).toBe(target);
      expect(stages, name).toContain(target);
      expect(existsSync(path.join(ROOT, 'apps', app, 'src', 'main.ts')), name).toBe(true);
    }
    // migrate runs the rest-api image it shares with the rest-api service.
    expect(service('migrate').image).toBe(service('rest-api').image);
  });

  it('when the Dockerfile is read then it builds one app by ARG APP and the worker stage adds Chromium', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:20-bookworm-slim$/m);
    expect(dockerfile).toMatch(/^ARG APP$/m);
    expect(dockerfile).toMatch(/^RUN npm ci --no-audit --no-fund --ignore-scripts$/m);
    expect(dockerfile).not.toMatch(/npm install --no-save/);
    expect(dockerfile).toMatch(/node tools\/scripts\/prisma-generate\.mjs/);
    expect(dockerfile).toMatch(/npx nx run "\$APP:build"/);
    expect(dockerfile).toMatch(/exec node apps\/\$APP\/dist\/main\.js/);
    expect(dockerfile).toMatch(/FROM runtime AS render-worker[\s\S]*apt-get install -y --no-install-recommends chromium/);
    expect(dockerfile).toMatch(/cp -r prisma\/migrations/);
    expect(dockerfile).toMatch(/cp deploy\/migrate\.mjs/);
    for (const file of ['package.json', 'package-lock.json', 'tools/scripts/prisma-generate.mjs', 'deploy/migrate.mjs']) {
      expect(existsSync(path.join(ROOT, file)), file).toBe(true);
    }
  });

  it('when an app service sets a variable then its config schema knows it, and every required one is set', () => {
    for (const name of APP_SERVICES) {
      const keys = configKeys(name);
      expect(keys.size, name).toBeGreaterThan(5);
      const given = env(name);
      for (const variable of Object.keys(given)) expect([...keys.keys()], `${name} sets ${variable}`).toContain(variable);
      for (const key of keys.values()) if (key.required) expect(Object.keys(given), `${name} needs ${key.name}`).toContain(key.name);
      for (const [variable, value] of Object.entries(given)) {
        const allowed = keys.get(variable)?.enumValues;
        if (allowed && isLiteral(String(value))) expect(allowed, `${name} ${variable}=${value}`).toContain(String(value));
      }
    }
  });

  it('when the schema keys are parsed then the known ones are there (the parser itself works)', () => {
    const rest = configKeys('rest-api');
    for (const key of ['PORT', 'BASE_URL', 'DATABASE_URL', 'REDIS_URL', 'RENDER_QUEUE', 'MCP_ENDPOINT', 'AUTH_ENDPOINT', 'TRUST_PROXY', 'INTERNAL_TOKEN']) {
      expect([...rest.keys()]).toContain(key);
    }
    expect(rest.get('MCP_ENDPOINT')?.enumValues).toEqual(['on', 'off']);
    const gateway = configKeys('mcp-gateway');
    expect([...gateway.values()].filter((key) => key.required).map((key) => key.name).sort()).toEqual(['BASE_URL', 'INTERNAL_TOKEN', 'REST_INTERNAL_URL']);
    const worker = configKeys('render-worker');
    expect([...worker.values()].filter((key) => key.required).map((key) => key.name).sort()).toEqual(['DATABASE_URL', 'REDIS_URL']);
  });

  it('when the cluster settings are read then rest-api and the gateways are configured for it', () => {
    const rest = env('rest-api');
    const gateway = env('mcp-gateway');
    const worker = env('render-worker');
    expect(rest).toMatchObject({ MCP_ENDPOINT: 'off', AUTH_ENDPOINT: 'off', RENDER_QUEUE: 'bullmq', TRUST_PROXY: '1' });
    const auth = env('auth-server');
    // One hop (the edge): 'true' would trust every X-Forwarded-For entry a client sends.
    expect(auth['TRUST_PROXY']).toBe('1');
    expect(auth['BASE_URL']).toBe(rest['BASE_URL']);
    expect(auth['DATABASE_URL']).toBe(rest['DATABASE_URL']);
    // It runs the account use cases itself: no internal API, so no shared secret.
    expect(auth['INTERNAL_TOKEN']).toBeUndefined();
    expect(rest['INTERNAL_TOKEN']).toBeTruthy();
    expect(rest['REDIS_URL']).toBeTruthy();
    expect(gateway['BASE_URL']).toBe(rest['BASE_URL']);
    expect(gateway['INTERNAL_TOKEN']).toBe(rest['INTERNAL_TOKEN']);
    expect(gateway['REDIS_URL']).toBe(rest['REDIS_URL']);
    expect(worker['REDIS_URL']).toBe(rest['REDIS_URL']);
    expect(worker['DATABASE_URL']).toBe(rest['DATABASE_URL']);
    expect(env('migrate')).toEqual({ DATABASE_URL: rest['DATABASE_URL'] });
    const restAddress = `rest-api:${rest['PORT']}`;
    expect(new URL(gateway['REST_INTERNAL_URL'] ?? '').host).toBe(restAddress);
    expect(new URL(gateway['AUTH_INTERNAL_URL'] ?? '').host).toBe(`auth-server:${env('auth-server')['PORT']}`);
  });

  it('when ports are read then only the edge publishes one, and every health check asks the app on its own PORT', () => {
    for (const [name, definition] of Object.entries(services)) {
      if (name !== 'edge') expect(definition.ports, name).toBeUndefined();
    }
    expect(service('edge').ports).toEqual(['${EDGE_PORT:-8080}:8080']);
    for (const name of APP_SERVICES) {
      const port = env(name)['PORT'];
      expect(port, name).toMatch(/^\d+$/);
      expect(service(name).healthcheck?.test.join(' '), name).toContain(`http://127.0.0.1:${port}/readyz`);
      expect(env(name)['HOST'], name).toBe('0.0.0.0');
    }
  });

  it('when replicas and start order are read then apps scale out and wait for the migration', () => {
    for (const name of ['rest-api', 'web', 'mcp-gateway', 'render-worker']) expect(service(name).deploy?.replicas, name).toBe(2);
    expect(service('auth-server').deploy?.replicas).toBeGreaterThanOrEqual(1);
    expect(service('migrate').command).toEqual(['node', 'deploy/migrate.mjs']);
    expect(read('deploy/migrate.mjs')).toMatch(/createDatabase\(\{ databaseUrl[^}]*\}\)[\s\S]*\.migrate\(\)/);
    for (const name of ['rest-api', 'render-worker']) {
      expect(service(name).depends_on?.['migrate']?.condition, name).toBe('service_completed_successfully');
    }
    expect(service('migrate').depends_on?.['postgres']?.condition).toBe('service_healthy');
    expect(service('mcp-gateway').depends_on?.['rest-api']?.condition).toBe('service_healthy');
    expect(service('web').depends_on?.['rest-api']?.condition).toBe('service_healthy');
    expect(service('edge').volumes).toContain('./deploy/nginx.conf:/etc/nginx/nginx.conf:ro');
    expect(service('edge').image).toMatch(/^nginx:/);
    expect(service('redis').command?.join(' ')).toContain('--maxmemory-policy noeviction');
  });
});

// ---------------------------------------------------------------------------------------
// deploy/nginx.conf: prefix-location routing, evaluated like nginx does (exact, then longest
// prefix; the file has no regex locations).

const nginx = read('deploy/nginx.conf');
const code = nginx.replace(/#[^\n]*/g, '');

function block(text: string, header: RegExp): string {
  const match = header.exec(text);
  if (!match) throw new Error(`deploy/nginx.conf: no block ${header}`);
  let depth = 0;
  for (let i = match.index + match[0].length - 1; i < text.length; i++) {
    if (text[i] === '{') depth += 1;
    else if (text[i] === '}' && --depth === 0) return text.slice(match.index + match[0].length, i);
  }
  throw new Error(`deploy/nginx.conf: unbalanced block ${header}`);
}

const http = block(code, /\bhttp\s*\{/);
const server = block(http, /\bserver\s*\{/);
type Location = { modifier: string; path: string; body: string };
const locations: Location[] = [...server.matchAll(/location\s+(=|\^~|~\*?)?\s*([^\s{]+)\s*\{([^{}]*)\}/g)].map((m) => ({
  modifier: m[1] ?? '',
  path: m[2] ?? '',
  body: m[3] ?? '',
}));
const serverDirectives = server.replace(/location\s+[^{]*\{[^{}]*\}/g, '');

function route(uri: string): Location | undefined {
  const exact = locations.find((l) => l.modifier === '=' && l.path === uri);
  if (exact) return exact;
  return locations
    .filter((l) => l.modifier !== '=' && !l.path.startsWith('@') && uri.startsWith(l.path))
    .sort((a, b) => b.path.length - a.path.length)[0];
}
const target = (uri: string) => {
  const location = route(uri);
  const proxied = /proxy_pass\s+http:\/\/([A-Za-z0-9_]+)\s*;/.exec(location?.body ?? '')?.[1];
  if (proxied) return proxied;
  const status = /return\s+(\d{3})\b/.exec(location?.body ?? '')?.[1];
  return status ? `return ${status}` : 'none';
};

describe('deploy/nginx.conf', () => {
  it('when a public path of DESIGN 2 is requested then it goes to the app that serves it', () => {
    const rest = [
      '/api/v1/ontologies',
      '/api/v1/users',
      '/api/v1/openapi.json',
      '/api/docs',
      '/api/docs/init.js',
      '/api/docs/assets/swagger-ui.css',
    ];
    for (const uri of rest) expect(target(uri), uri).toBe('rest_api');
    const auth = [
      '/.well-known/oauth-authorization-server',
      '/.well-known/openid-configuration',
      '/oauth/authorize',
      '/oauth/token',
      '/oauth/jwks',
      '/oauth/register',
      '/oauth/interaction/abc',
      '/sign-in',
      '/sign-out',
      '/settings',
      '/settings/api-tokens',
      '/settings/two-factor/setup',
      '/assets/auth.css',
    ];
    for (const uri of auth) expect(target(uri), uri).toBe('auth_server');
    for (const uri of ['/mcp', '/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']) {
      expect(target(uri), uri).toBe('mcp_gateway');
    }
    // The web interface (DESIGN 9): the start page exactly, search, the list and every page under it.
    for (const uri of ['/', '/search', '/ontologies', '/ontologies/0190a0b0-0000-7000-8000-000000000000', '/ontologies/x/terms', '/ontologies/x/history']) {
      expect(target(uri), uri).toBe('web');
    }
  });

  it('when /internal or an unknown path is requested then the edge answers 404 itself', () => {
    for (const uri of ['/internal/trpc/profile.read', '/internal/trpc/', '/internal', '/internal/', '/index.html', '/healthz-not', '/readyz', '/metrics', '/mcpx', '/searchx', '/ontologiesx']) {
      expect(target(uri), uri).toBe('return 404');
    }
    expect(locations.filter((l) => l.modifier.startsWith('~')), 'regex locations').toEqual([]);
    expect(code).not.toMatch(/proxy_pass\s+http:\/\/[^;]*internal/);
  });

  it('when requests are proxied then X-Forwarded-* headers reach the apps and internal headers do not', () => {
    for (const header of ['X-Forwarded-For \\$proxy_add_x_forwarded_for', 'X-Forwarded-Proto \\$scheme', 'X-Forwarded-Host', 'Host \\$http_host']) {
      expect(http, header).toMatch(new RegExp(`proxy_set_header\\s+${header}`));
    }
    expect(http).toMatch(/proxy_set_header\s+X-Internal-Token\s+""/);
    // A location with its own proxy_set_header would drop every inherited one.
    for (const location of locations) expect(location.body, location.path).not.toMatch(/proxy_set_header/);
    expect(serverDirectives).not.toMatch(/proxy_set_header/);
  });

  it('when /mcp streams server-sent events then nothing buffers them, and bodies up to 16 MB pass', () => {
    const mcp = locations.find((l) => l.modifier === '=' && l.path === '/mcp');
    expect(mcp?.body).toMatch(/proxy_buffering\s+off;/);
    expect(mcp?.body).toMatch(/proxy_request_buffering\s+off;/);
    expect(http).toMatch(/client_max_body_size\s+16m;/);
  });

  it('when the upstreams are read then they name the compose services on their PORT, and the edge listens on its published port', () => {
    const upstream = (name: string) => block(http, new RegExp(`upstream\\s+${name}\\s*\\{`));
    expect(upstream('rest_api')).toMatch(new RegExp(`server\\s+rest-api:${env('rest-api')['PORT']}\\b`));
    expect(upstream('mcp_gateway')).toMatch(new RegExp(`server\\s+mcp-gateway:${env('mcp-gateway')['PORT']}\\b`));
    const published = (service('edge').ports?.[0] ?? '').split(':').pop();
    expect(serverDirectives).toMatch(new RegExp(`listen\\s+${published};`));
    expect(code).not.toMatch(/^\s*daemon\s/m); // the nginx image passes -g 'daemon off;' itself
  });

  it('when the runner renders it for a local nginx then nginx accepts the result', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'oms-nginx-test-'));
    try {
      const rendered = renderNginxConfig(nginx, {
        listen: '127.0.0.1:1',
        upstreams: { rest_api: ['127.0.0.1:2', '127.0.0.1:3'], auth_server: ['127.0.0.1:6'], web: ['127.0.0.1:7', '127.0.0.1:8'], mcp_gateway: ['127.0.0.1:4', '127.0.0.1:5'] },
        dir,
        accessLogFile: `${dir}/access.log`,
        runAsRoot: process.getuid?.() === 0,
      });
      expect(rendered).toMatch(/^daemon off;$/m);
      expect(rendered).toMatch(/log_format upstreams escape=json '\{[^']*"upstream":"\$upstream_addr"[^']*\}';/);
      expect(rendered).toContain(`access_log ${dir}/access.log upstreams;`);
      expect(rendered).not.toMatch(/access_log \/dev\/stdout|\$request_uri|\$args|\$http_authorization/);
      expect(rendered).toContain(`pid ${dir}/nginx.pid;`);
      expect(rendered).toMatch(/listen 127\.0\.0\.1:1;/);
      expect(rendered).toMatch(/server 127\.0\.0\.1:3 /);
      expect(rendered).not.toMatch(/rest-api:|auth-server:|web:|mcp-gateway:|resolver /);
      expect(() => renderNginxConfig(nginx, { listen: '127.0.0.1:1', upstreams: { rest_api: ['127.0.0.1:2'], other: ['127.0.0.1:3'] }, dir })).toThrow(
        /no servers given for upstream (auth_server|web|mcp_gateway)|upstream other not found/,
      );
      const nginxBin = process.env['NGINX'] ?? '/usr/sbin/nginx';
      if (!suiteCanRun('nginx -t of the rendered configuration', { [`nginx (${nginxBin})`]: existsSync(nginxBin) })) return;
      const file = path.join(dir, 'nginx.conf');
      writeFileSync(file, rendered);
      const checked = spawnSync(nginxBin, ['-t', '-p', `${dir}/`, '-c', file, '-e', 'stderr'], { encoding: 'utf8' });
      expect(checked.stderr).toContain('test is successful');
      expect(checked.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
