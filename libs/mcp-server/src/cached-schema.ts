// The MCP SDK turns a tool's schemas into JSON Schema on every server instance, and the
// stateless HTTP transport builds one instance per request. Our schemas never change, so
// each conversion is done once per process and reused.
import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';

type Converter = (options: { target: string; libraryOptions?: Record<string, unknown> }) => Record<string, unknown>;

const wrapped = new WeakMap<object, object>();

export function cached<S extends StandardSchemaWithJSON>(schema: S): S {
  const known = wrapped.get(schema);
  if (known) return known as S;
  const standard = schema['~standard'];
  const results = new Map<string, Record<string, unknown>>();
  const memo = (io: 'input' | 'output'): Converter => (options) => {
    const key = `${io}:${JSON.stringify(options)}`;
    let result = results.get(key);
    if (!result) {
      result = (standard.jsonSchema[io] as Converter)(options);
      results.set(key, result);
    }
    return result;
  };
  const copy = {
    '~standard': {
      version: standard.version,
      vendor: standard.vendor,
      validate: standard.validate.bind(standard),
      jsonSchema: { input: memo('input'), output: memo('output') },
      ...(standard.types ? { types: standard.types } : {}),
    },
  } as unknown as S;
  wrapped.set(schema, copy);
  return copy;
}
