// Typed stand-ins for tests (the `./testing` subpath; production code never imports it).
import type { ProcedureInput, ProcedureName, ProcedureOutput, ServiceApi } from './internal-api.js';

/** Answers for some procedures of the internal API, each typed by its contract. */
export type FakeProcedures = {
  [K in ProcedureName]?: (input: ProcedureInput<K>) => ProcedureOutput<K> | Promise<ProcedureOutput<K>>;
};

/** A ServiceApi that answers the procedures given; a call of any other fails, naming it. */
export function fakeServiceApi(procedures: FakeProcedures = {}): ServiceApi {
  return {
    call: async (name, input) => {
      const procedure = procedures[name];
      if (!procedure) throw new Error(`fakeServiceApi: ${name} is not faked in this test`);
      return procedure(input);
    },
  };
}
