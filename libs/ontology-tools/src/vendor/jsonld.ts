// jsonld publishes no type declarations: the few functions used here are typed by hand.
// @ts-expect-error -- no declaration file exists for 'jsonld'; JsonLdApi below is its type.
import jsonldModule from 'jsonld';

/** A quad as jsonld and rdf-canonize exchange them (RDF/JS terms, plain objects). */
export type PlainTerm = { termType: string; value: string; datatype?: { termType: string; value: string }; language?: string };
export type PlainQuad = { subject: PlainTerm; predicate: PlainTerm; object: PlainTerm; graph: PlainTerm };

export type RemoteDocument = { contextUrl: string | null; documentUrl: string; document: unknown };
export type DocumentLoader = (url: string) => Promise<RemoteDocument>;

type Options = { documentLoader: DocumentLoader; base?: string; safe?: boolean };

export type JsonLdApi = {
  toRDF(input: unknown, options: Options & { produceGeneralizedRdf?: boolean }): Promise<PlainQuad[]>;
  fromRDF(dataset: readonly PlainQuad[], options: Options & { useRdfType?: boolean; useNativeTypes?: boolean }): Promise<unknown[]>;
  compact(input: unknown, context: Record<string, unknown>, options: Options & { compactArrays?: boolean }): Promise<Record<string, unknown>>;
};

export const jsonld = jsonldModule as JsonLdApi;
