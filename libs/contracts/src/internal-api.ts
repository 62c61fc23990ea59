// The internal API between the agent-tool server and the REST app's use cases (DESIGN 1:
// internal tRPC). One table of procedures, each with the same zod schemas the tools use:
// the REST app builds its tRPC router from it, and callers get typed inputs and outputs
// without importing the app.
import { z } from 'zod';
import {
  CommitListOutput,
  CreateOntologyInput,
  DeleteOntologyInput,
  DeleteOntologyOutput,
  ListAccountsInput,
  ListAccountsOutput,
  ListCommitsInput,
  ListOntologiesInput,
  OntologyListOutput,
  ReadCommitInput,
  ReadCommitOutput,
  ReadOntologyInput,
  ReadOntologyOutput,
  ReadProfileInput,
  ReadProfileOutput,
  SearchOntologiesInput,
  UpdateOntologyInput,
} from './mcp-tools.js';
import {
  ListTermChildrenInput,
  ListTermChildrenOutput,
  ReadTermInput,
  ReadTermOutput,
  SearchTermsInput,
  SearchTermsOutput,
  TermHistoryInput,
  TermHistoryOutput,
} from './term-tools.js';

import {
  BeginTwoFactorOutput,
  CheckCredentialsInput,
  CheckCredentialsOutput,
  CreateSettingsTokenInput,
  CreateSettingsTokenOutput,
  FindUserInput,
  FindUserOutput,
  RevokeSettingsTokenInput,
  RevokeSettingsTokenOutput,
  SettingsTokensOutput,
  TwoFactorCredentialsInput,
  TwoFactorStateOutput,
} from './account-api.js';

type Procedure = { kind: 'query' | 'mutation'; input: z.ZodType; output: z.ZodType };

export const ResolveApiTokenInput = z.object({ token: z.string().min(1).max(512) });
/** The token (its row id), its user and the accounts they belong to, read together (one round trip). */
export const ResolveApiTokenOutput = z.object({ token_id: z.string(), user_id: z.string(), account_ids: z.array(z.string()) }).nullable();

/** An OAuth access token is live while its grant exists and its `jti` has not been revoked. */
export const GrantActiveInput = z.object({ grant_id: z.string().max(256), user_id: z.string().max(64), jti: z.string().max(256) });
export const GrantActiveOutput = z.object({ active: z.boolean() });

export const INTERNAL_API = {
  'auth.grantActive': { kind: 'query', input: GrantActiveInput, output: GrantActiveOutput },
  'auth.checkCredentials': { kind: 'mutation', input: CheckCredentialsInput, output: CheckCredentialsOutput },
  'users.find': { kind: 'query', input: FindUserInput, output: FindUserOutput },
  'settings.tokens': { kind: 'query', input: z.object({}), output: SettingsTokensOutput },
  'settings.createToken': { kind: 'mutation', input: CreateSettingsTokenInput, output: CreateSettingsTokenOutput },
  'settings.revokeToken': { kind: 'mutation', input: RevokeSettingsTokenInput, output: RevokeSettingsTokenOutput },
  'settings.twoFactor': { kind: 'query', input: z.object({}), output: TwoFactorStateOutput },
  'settings.beginTwoFactor': { kind: 'mutation', input: z.object({}), output: BeginTwoFactorOutput },
  'settings.confirmTwoFactor': { kind: 'mutation', input: TwoFactorCredentialsInput, output: TwoFactorStateOutput },
  'settings.disableTwoFactor': { kind: 'mutation', input: TwoFactorCredentialsInput, output: TwoFactorStateOutput },
  'auth.resolveApiToken': { kind: 'mutation', input: ResolveApiTokenInput, output: ResolveApiTokenOutput },
  'profile.read': { kind: 'query', input: ReadProfileInput, output: ReadProfileOutput },
  'accounts.list': { kind: 'query', input: ListAccountsInput, output: ListAccountsOutput },
  'ontologies.list': { kind: 'query', input: ListOntologiesInput, output: OntologyListOutput },
  'ontologies.search': { kind: 'query', input: SearchOntologiesInput, output: OntologyListOutput },
  'ontologies.read': { kind: 'query', input: ReadOntologyInput, output: ReadOntologyOutput },
  'ontologies.create': { kind: 'mutation', input: CreateOntologyInput, output: ReadOntologyOutput },
  'ontologies.update': { kind: 'mutation', input: UpdateOntologyInput, output: ReadOntologyOutput },
  'ontologies.delete': { kind: 'mutation', input: DeleteOntologyInput, output: DeleteOntologyOutput },
  'commits.list': { kind: 'query', input: ListCommitsInput, output: CommitListOutput },
  'commits.read': { kind: 'query', input: ReadCommitInput, output: ReadCommitOutput },
  'terms.search': { kind: 'query', input: SearchTermsInput, output: SearchTermsOutput },
  'terms.read': { kind: 'query', input: ReadTermInput, output: ReadTermOutput },
  'terms.children': { kind: 'query', input: ListTermChildrenInput, output: ListTermChildrenOutput },
  'terms.history': { kind: 'query', input: TermHistoryInput, output: TermHistoryOutput },
} as const satisfies Record<string, Procedure>;

export type InternalApi = typeof INTERNAL_API;
export type ProcedureName = keyof InternalApi;
export type ProcedureInput<K extends ProcedureName> = z.input<InternalApi[K]['input']>;
export type ProcedureOutput<K extends ProcedureName> = z.output<InternalApi[K]['output']>;

/** Who calls: the user on whose behalf the gateway acts (checked by every use case). */
export const ACTOR_HEADER = 'x-oms-actor';
export const INTERNAL_TOKEN_HEADER = 'x-internal-token';

/** What the agent-tool server needs from the service, however it is reached. */
export type ServiceApi = {
  call<K extends ProcedureName>(name: K, input: ProcedureInput<K>): Promise<ProcedureOutput<K>>;
};
