// Every checker reports where the problem is in the same words, so people reading a
// refusal from any format see "line 12, column 6: ..." and can jump straight there.

/** `syntax: 'owl-xml'`: an owl source accepted as OWL/XML, which is not RDF and was not parsed as triples. */
export type SourceCheck = { ok: true; syntax?: 'owl-xml' } | { ok: false; message: string; line?: number; column?: number };

export type Refusal = Extract<SourceCheck, { ok: false }>;

export type Position = { line: number; column?: number };

export const ACCEPTED: SourceCheck = { ok: true };

const MAX_MESSAGE = 300;

/**
 * 1-based line and column of a UTF-16 offset. CRLF counts as one line break because
 * the position must match what an editor shows for files written on Windows (NORMA).
 */
export function positionAt(text: string, offset: number): { line: number; column: number } {
  const end = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let lineStart = 0;
  for (let index = text.indexOf('\n'); index !== -1 && index < end; index = text.indexOf('\n', index + 1)) {
    line += 1;
    lineStart = index + 1;
  }
  return { line, column: end - lineStart + 1 };
}

export function refuse(message: string, position?: Position): Refusal {
  // Parsers quote the offending input: a raw line break or NUL would garble the sentence,
  // and a quoted megabyte-long IRI would bury it.
  const visible = message.replace(/\p{Cc}/gu, (char) => JSON.stringify(char).slice(1, -1));
  const short = visible.length > MAX_MESSAGE ? `${visible.slice(0, MAX_MESSAGE - 1)}…` : visible;
  const trimmed = short.trim().replace(/\.$/, '') || 'the document could not be read';
  // Parsers start sentences with a capital; after "line 3: " the sentence continues.
  const sentence = /^[A-Z](?![A-Z])/.test(trimmed) ? trimmed.charAt(0).toLowerCase() + trimmed.slice(1) : trimmed;
  if (!position) return { ok: false, message: sentence };
  if (position.column === undefined) {
    return { ok: false, message: `line ${position.line}: ${sentence}`, line: position.line };
  }
  return {
    ok: false,
    message: `line ${position.line}, column ${position.column}: ${sentence}`,
    line: position.line,
    column: position.column,
  };
}

/** Parsers throw anything; the caller only ever wants a readable sentence. */
export function reasonOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'the parser failed';
}
