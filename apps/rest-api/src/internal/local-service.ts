// The internal API without a network hop, for the single-process deployment: the same
// router, procedures, validation and errors, called in-process.
import { asAppError, type InternalRouter } from './trpc-router.js';
import type { ProcedureName, ServiceApi } from '@oms/contracts';

type Callable = Record<string, Record<string, (input: unknown) => Promise<unknown>>>;

export function localServiceFactory(router: InternalRouter): (actorId: string | null) => ServiceApi {
  return (actorId) => {
    const caller = router.createCaller({ actorId }) as unknown as Callable;
    return {
      call: async (name: ProcedureName, input: unknown) => {
        const [group = '', procedure = ''] = name.split('.');
        const run = caller[group]?.[procedure];
        if (!run) throw new Error(`unknown procedure ${name}`);
        try {
          return (await run(input)) as never;
        } catch (error) {
          throw asAppError(error);
        }
      },
    } as ServiceApi;
  };
}
