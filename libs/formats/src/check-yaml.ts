// YAML is refused on any document error (not just fatal ones): a schema file with a
// duplicate key or a stray indent would otherwise be stored and misread later.
import { parseAllDocuments, type YAMLError } from 'yaml';
import type { SourceObserver } from './observer.js';
import { ACCEPTED, positionAt, reasonOf, refuse, type SourceCheck } from './position.js';
import { MAX_YAML_DEPTH, yamlDepthExceeded } from './yaml-depth.js';

// The yaml default, kept explicit: resolving the document with it is what stops alias bombs.
const MAX_ALIAS_COUNT = 100;

function refuseYamlError(text: string, error: YAMLError): SourceCheck {
  // The message repeats the position and quotes the source lines after it; keep the sentence.
  const sentence = (error.message.split('\n')[0] ?? error.code).replace(/ at line \d+, column \d+:?$/, '');
  const where = error.linePos?.[0] ?? positionAt(text, error.pos[0]);
  return refuse(sentence, { line: where.line, column: 'col' in where ? where.col : where.column });
}

export function checkYaml(text: string, observer: SourceObserver = {}): SourceCheck {
  const tooDeep = yamlDepthExceeded(text, MAX_YAML_DEPTH);
  if (tooDeep !== undefined) {
    return refuse(`the YAML is nested more than ${MAX_YAML_DEPTH} levels deep`, positionAt(text, tooDeep));
  }
  // "silent": a library must not print process warnings about the caller's document.
  const documents = parseAllDocuments(text, { logLevel: 'silent' });
  const values: unknown[] = [];
  for (const document of documents) {
    const [error] = document.errors;
    if (error) return refuseYamlError(text, error);
    try {
      // Parsing alone leaves aliases unresolved; resolving them is where a bomb would explode.
      values.push(document.toJS({ maxAliasCount: MAX_ALIAS_COUNT }));
    } catch (error) {
      const reason = reasonOf(error);
      if (/alias/i.test(reason)) {
        return refuse(`the YAML aliases expand too far (alias limit ${MAX_ALIAS_COUNT}), as an alias bomb does`);
      }
      return refuse(reason);
    }
  }
  for (const value of values) observer.value?.(value);
  return ACCEPTED;
}
