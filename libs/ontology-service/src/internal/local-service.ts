// The internal API without a network hop, for the single-process deployment: the same
// router, procedures, validation and errors, called in-process through tRPC's caller.
import type { CallerCredential, ServiceApi } from '@oms/contracts';
import type { ByName } from './by-name.js';
import { asAppError } from './internal-errors.js';
import type { InternalRouter } from './trpc-router.js';

type Caller = ReturnType<InternalRouter['createCaller']>;

function byName(caller: Caller): ByName {
  return {
    'auth.resolveApiToken': (input) => caller.auth.resolveApiToken(input),
    'auth.grantActive': (input) => caller.auth.grantActive(input),
    'auth.checkCredentials': (input) => caller.auth.checkCredentials(input),
    'users.find': (input) => caller.users.find(input),
    'profile.read': (input) => caller.profile.read(input),
    'accounts.list': (input) => caller.accounts.list(input),
    'ontologies.list': (input) => caller.ontologies.list(input),
    'ontologies.search': (input) => caller.ontologies.search(input),
    'ontologies.read': (input) => caller.ontologies.read(input),
    'ontologies.create': (input) => caller.ontologies.create(input),
    'ontologies.update': (input) => caller.ontologies.update(input),
    'ontologies.delete': (input) => caller.ontologies.delete(input),
    'commits.list': (input) => caller.commits.list(input),
    'commits.read': (input) => caller.commits.read(input),
    'terms.search': (input) => caller.terms.search(input),
    'terms.read': (input) => caller.terms.read(input),
    'terms.children': (input) => caller.terms.children(input),
    'terms.history': (input) => caller.terms.history(input),
    'settings.tokens': (input) => caller.settings.tokens(input),
    'settings.createToken': (input) => caller.settings.createToken(input),
    'settings.revokeToken': (input) => caller.settings.revokeToken(input),
    'settings.twoFactor': (input) => caller.settings.twoFactor(input),
    'settings.beginTwoFactor': (input) => caller.settings.beginTwoFactor(input),
    'settings.confirmTwoFactor': (input) => caller.settings.confirmTwoFactor(input),
    'settings.disableTwoFactor': (input) => caller.settings.disableTwoFactor(input),
  };
}

/**
 * `memberOf`: the actor's accounts when this request has just read them (see InternalContext);
 * the procedures then skip looking them up again. `credential`: what the actor came with.
 */
export function localServiceFactory(
  router: InternalRouter,
): (actorId: string | null, memberOf?: readonly string[], credential?: CallerCredential) => ServiceApi {
  return (actorId, memberOf, credential) => {
    const procedures = byName(router.createCaller({ actorId, ...(memberOf ? { memberOf } : {}), ...(credential ? { credential } : {}) }));
    return {
      async call(name, input) {
        try {
          return await procedures[name](input);
        } catch (error) {
          throw asAppError(error);
        }
      },
    };
  };
}
