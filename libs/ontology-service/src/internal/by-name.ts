import type { ProcedureInput, ProcedureName, ProcedureOutput } from '@oms/contracts';

/**
 * Every procedure of INTERNAL_API by its name, as ServiceApi calls it. The in-process caller
 * (local-service.ts) and the HTTP client (remote/remote-service.ts) each fill one in from the
 * router's inferred types, so the compiler checks every entry against its contract; indexing
 * this mapped type with a name keeps that name's input and output types.
 */
export type ByName = { [K in ProcedureName]: (input: ProcedureInput<K>) => Promise<ProcedureOutput<K>> };
