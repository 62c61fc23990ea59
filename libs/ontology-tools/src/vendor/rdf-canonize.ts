// rdf-canonize publishes no type declarations: the one function used here is typed by hand.
// @ts-expect-error -- no declaration file exists for 'rdf-canonize'; CanonizeApi below is its type.
import canonizeModule from 'rdf-canonize';
import type { PlainQuad } from './jsonld.js';

export type CanonizeOptions = {
  algorithm: 'RDFC-1.0';
  /** Bounds the N-degree hashing work (1: linear in the non-unique blank nodes, 2: quadratic). */
  maxWorkFactor?: number;
  /** An explicit bound on N-degree hashings (overrides maxWorkFactor). */
  maxDeepIterations?: number;
  /** Filled with input blank node id → canonical id (c14n0, c14n1, ...). */
  canonicalIdMap?: Map<string, string>;
  signal?: AbortSignal;
};

type CanonizeApi = { canonize(dataset: readonly PlainQuad[], options: CanonizeOptions): Promise<string> };

export const rdfCanonize = canonizeModule as CanonizeApi;
