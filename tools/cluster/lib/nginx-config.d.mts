// Types of nginx-config.mjs for the TypeScript tests.
export type NginxRenderOptions = {
  /** address:port of the public listener, e.g. 127.0.0.1:8080 */
  listen: string;
  /** upstream name (as in deploy/nginx.conf) to host:port servers */
  upstreams: Record<string, string[]>;
  /** folder for the pid file and temp files */
  dir: string;
  /** every request to stdout */
  accessLog?: boolean;
  /** also one JSON line per request (time, method, path, status, upstream, user_agent) to this file */
  accessLogFile?: string;
  runAsRoot?: boolean;
};

export function renderNginxConfig(template: string, options: NginxRenderOptions): string;
