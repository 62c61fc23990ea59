// One error type for everything parseOrm refuses, so callers can tell "this file is not
// a usable ORM2 document" (show the message to the user) from a bug (let it surface).

/** The diagram asked for is not in the model (the message lists what it has). A RangeError, as before. */
export class UnknownDiagramError extends RangeError {
  constructor(message: string) {
    super(message);
    this.name = 'UnknownDiagramError';
  }
}

export class OrmParseError extends Error {
  readonly line?: number;
  readonly column?: number;

  constructor(reason: string, position?: { line: number; column: number }) {
    super(position ? `line ${position.line}, column ${position.column}: ${reason}` : reason);
    this.name = 'OrmParseError';
    if (position) {
      this.line = position.line;
      this.column = position.column;
    }
  }
}
