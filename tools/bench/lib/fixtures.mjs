// The shared ontology fixtures (`<root>/../shared/fixtures/ontologies/<format>/<file>`).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FIXTURES_DIR } from './paths.mjs';

export function fixturePath(relative) {
  const file = path.join(FIXTURES_DIR, 'ontologies', relative);
  if (!existsSync(file)) throw new Error(`fixture ${relative} not found at ${file}`);
  return file;
}

/** The fixture's text (UTF-8), exactly as stored. */
export function readFixture(relative) {
  return readFileSync(fixturePath(relative), 'utf8');
}
