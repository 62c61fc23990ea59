// The columns every stored term state has, as the term repositories read and write them.

/** What a term says of itself in one version (the columns of a `terms` row every answer shows). */
export type TermColumns = {
  iri: string;
  curie: string | null;
  kind: string;
  label: string | null;
  synonyms: string[];
  definition: string | null;
  deprecated: boolean;
};

/** The columns a single-term answer adds (hits leave them out). */
export type TermDetailColumns = { replaced_by: string[]; parents: string[] };
