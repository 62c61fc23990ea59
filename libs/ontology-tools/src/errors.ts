/** The graph has something the target syntax cannot write (e.g. a predicate with no XML name). */
export class NotRepresentableError extends Error {}
