// The internal API without a network hop, for the single-process deployment: the same
// router, procedures, validation and errors, called in-process.
import { asAppError, type InternalRouter } from './trpc-router.js';
import type { CallerCredential, ProcedureName, ServiceApi } from '@oms/contracts';

type Callable = Record<string, Record<string, (input: unknown) => Promise<unknown>>>;

/**
 * `memberOf`: the actor's accounts when this request has just read them (see InternalContext);
 * the procedures then skip looking them up again. `credential`: what the actor came with.
 */
export function localServiceFactory(
  router: InternalRouter,
): (actorId: string | null, memberOf?: readonly string[], credential?: CallerCredential) => ServiceApi {
  return (actorId, memberOf, credential) => {
    const caller = router.createCaller({ actorId, ...(memberOf ? { memberOf } : {}), ...(credential ? { credential } : {}) }) as unknown as Callable;
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
