// The internal tRPC router (DESIGN 1): the MCP gateway reaches the use cases through it over
// HTTP, the embedded /mcp in process (local-service.ts). One procedure per file (procedures/),
// each validated with its INTERNAL_API schemas and calling one use case.
import type { ServiceContext } from '../context.js';
import { actorProcedure } from './actor-procedure.js';
import { systemProcedure } from './system-procedure.js';
import { t } from './trpc.js';
import { accountsList } from './procedures/accounts-list.js';
import { authCheckCredentials } from './procedures/auth-check-credentials.js';
import { authGrantActive } from './procedures/auth-grant-active.js';
import { authResolveApiToken } from './procedures/auth-resolve-api-token.js';
import { commitsList } from './procedures/commits-list.js';
import { commitsRead } from './procedures/commits-read.js';
import { ontologiesCreate } from './procedures/ontologies-create.js';
import { ontologiesDelete } from './procedures/ontologies-delete.js';
import { ontologiesList } from './procedures/ontologies-list.js';
import { ontologiesRead } from './procedures/ontologies-read.js';
import { ontologiesSearch } from './procedures/ontologies-search.js';
import { ontologiesUpdate } from './procedures/ontologies-update.js';
import { profileRead } from './procedures/profile-read.js';
import { termsChildren } from './procedures/terms-children.js';
import { termsHistory } from './procedures/terms-history.js';
import { termsRead } from './procedures/terms-read.js';
import { termsSearch } from './procedures/terms-search.js';
import { settingsBeginTwoFactor } from './procedures/settings-begin-two-factor.js';
import { settingsConfirmTwoFactor } from './procedures/settings-confirm-two-factor.js';
import { settingsCreateToken } from './procedures/settings-create-token.js';
import { settingsDisableTwoFactor } from './procedures/settings-disable-two-factor.js';
import { settingsRevokeToken } from './procedures/settings-revoke-token.js';
import { settingsTokens } from './procedures/settings-tokens.js';
import { settingsTwoFactor } from './procedures/settings-two-factor.js';
import { usersFind } from './procedures/users-find.js';

export { asAppError } from './internal-errors.js';
export type { InternalContext } from './trpc.js';

export function createInternalRouter(service: ServiceContext) {
  const system = systemProcedure(service);
  const actor = actorProcedure(service);
  return t.router({
    auth: t.router({ resolveApiToken: authResolveApiToken(system), grantActive: authGrantActive(system), checkCredentials: authCheckCredentials(system) }),
    users: t.router({ find: usersFind(system) }),
    profile: t.router({ read: profileRead(actor) }),
    accounts: t.router({ list: accountsList(actor) }),
    ontologies: t.router({
      list: ontologiesList(actor),
      search: ontologiesSearch(actor),
      read: ontologiesRead(actor),
      create: ontologiesCreate(actor),
      update: ontologiesUpdate(actor),
      delete: ontologiesDelete(actor),
    }),
    commits: t.router({ list: commitsList(actor), read: commitsRead(actor) }),
    terms: t.router({ search: termsSearch(actor), read: termsRead(actor), children: termsChildren(actor), history: termsHistory(actor) }),
    settings: t.router({
      tokens: settingsTokens(actor),
      createToken: settingsCreateToken(actor),
      revokeToken: settingsRevokeToken(actor),
      twoFactor: settingsTwoFactor(actor),
      beginTwoFactor: settingsBeginTwoFactor(actor),
      confirmTwoFactor: settingsConfirmTwoFactor(actor),
      disableTwoFactor: settingsDisableTwoFactor(actor),
    }),
  });
}

export type InternalRouter = ReturnType<typeof createInternalRouter>;
