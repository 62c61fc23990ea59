// The OpenAPI 3.1 document of the REST API, generated from the same zod schemas the routes
// validate with. ROUTES is also what the contract test walks.
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { AccountResponse, AccountUserResponse, AddAccountUserRequest, CreateAccountRequest } from './accounts.js';
import { DiagramQuery } from './diagrams.js';
import { DiffQuery, DiffResponse } from './diffs.js';
import { ErrorResponse, NotAcceptableResponse, ValidationErrorResponse } from './errors.js';
import {
  ChildrenQuery,
  CommitListResponse,
  CommitResponse,
  CommitsQuery,
  CreateOntologyMultipartBody,
  CreateOntologyRequest,
  ListOntologiesQuery,
  OntologyWriteQuery,
  OntologyAnswer,
  OntologyListAnswer,
  OntologyReadQuery,
  SourceQuery,
  UpdateOntologyMultipartBody,
  UpdateOntologyRequest,
  multipartWrite,
} from './ontologies.js';
import {
  ApiTokenResponse,
  ConfirmTwoFactorRequest,
  CreateApiTokenRequest,
  DisableTwoFactorRequest,
  NotificationTokenResponse,
} from './tokens.js';
import { uuid } from './ids.js';
import { CommitChangesResponse, OntologyTermsQuery, OntologyTermsResponse, TermChangesQuery, TermHistoryQuery, TermHistoryResponse, TermQuery, TermResponse, TermSearchQuery, TermSearchResponse } from './terms.js';
import { ChangePasswordRequest, CreatedUserResponse, ProfileResponse, SignInRequest, SignInResponse, SignUpRequest, SuccessResponse } from './users.js';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type RouteSpec = {
  method: Method;
  path: string;
  summary: string;
  public?: boolean;
  request?: z.ZodType;
  /** The same request as multipart/form-data (a `body` part and a `source` file part, DESIGN 8). */
  multipart?: z.ZodType;
  query?: z.ZodObject;
  status: number;
  response?: z.ZodType;
  /** Media types of answers that are not JSON (a download, a text diff), documented as strings. */
  produces?: string[];
  /** The route negotiates with Accept (and may answer 406). */
  negotiates?: boolean;
  /** The route counts attempts and may answer 429 with Retry-After. */
  rateLimited?: boolean;
  /** The route depends on a worker (rendering) and may answer 503 with Retry-After. */
  mayBeUnavailable?: boolean;
  /** The route reads one version's terms and answers 409 when they are not written yet (or failed). */
  readsVersionTerms?: boolean;
};

/** Media types of GET /ontologies/{id}/source: the stored source's own, or a conversion. */
export const SOURCE_MEDIA_TYPES = [
  'text/turtle',
  'application/rdf+xml',
  'application/owl+xml',
  'application/ld+json',
  'application/n-triples',
  'application/json',
  'application/yaml',
  'application/xml',
  'text/plain',
];

const NotificationTokenBody = z.object({ token: z.string(), platform: z.enum(['ios', 'android', 'web']) });
const IssuedToken = z.object({ id: z.string(), name: z.string(), token: z.string(), created_at: z.iso.datetime() });
const TwoFactorState = z.object({ enabled: z.boolean(), secret: z.string().optional(), otpauth_uri: z.string().optional() });
const RemoveMemberRequest = z.object({ user_id: uuid });
const RateLimitedResponse = ErrorResponse.extend({ retry_after: z.number().int() });
const TermsNotReadyResponse = ErrorResponse.extend({ terms_status: z.enum(['indexing', 'failed']), version: z.string(), commit_id: z.string() }).meta({
  id: 'TermsNotReady',
  description: '409: the terms of this version are not written yet (indexing) or could not be (failed); the message says what to ask for instead.',
});

export const ROUTES: RouteSpec[] = [
  { method: 'post', path: '/users', summary: 'Sign up: creates the user, a personal account and an API token; each client address has SIGN_UP_LIMIT (30) sign-ups per minute, then 429', public: true, rateLimited: true, request: SignUpRequest, status: 201, response: CreatedUserResponse },
  { method: 'post', path: '/auth', summary: 'Sign in: a new API token for e-mail, password and (with 2FA) a one-time code', public: true, request: SignInRequest, status: 200, response: SignInResponse },
  { method: 'get', path: '/me', summary: 'The caller’s profile', status: 200, response: ProfileResponse },
  { method: 'delete', path: '/me', summary: 'Delete the caller and everything of theirs; permanent', status: 200, response: z.object({}) },
  { method: 'put', path: '/password', summary: 'Change the password; 10 wrong current passwords in 15 minutes (counted with two-factor checks) answer 429', rateLimited: true, request: ChangePasswordRequest, status: 200, response: SuccessResponse },
  { method: 'get', path: '/accounts', summary: 'The caller’s accounts (a plain array)', status: 200, response: z.array(AccountResponse) },
  { method: 'post', path: '/accounts', summary: 'Create a team account (extension)', request: CreateAccountRequest, status: 201, response: AccountResponse },
  { method: 'get', path: '/accounts/{id}', summary: 'One account of the caller (extension)', status: 200, response: AccountResponse },
  { method: 'post', path: '/accounts/{id}/account_users', summary: 'Add a member; admins only (extension)', request: AddAccountUserRequest, status: 201, response: AccountUserResponse },
  { method: 'delete', path: '/accounts/{id}/account_users', summary: 'Remove a member by user id; admins, or the member leaving (extension)', request: RemoveMemberRequest, status: 204 },
  { method: 'delete', path: '/accounts/{id}/account_users/{account_user_id}', summary: 'Remove a membership (extension)', status: 204 },
  { method: 'get', path: '/api_tokens', summary: 'The caller’s API tokens, without secrets (extension)', status: 200, response: z.array(ApiTokenResponse) },
  { method: 'post', path: '/api_tokens', summary: 'Create an API token; the secret is shown once (extension)', request: CreateApiTokenRequest, status: 201, response: IssuedToken },
  { method: 'delete', path: '/api_tokens/{id}', summary: 'Revoke an API token (extension)', status: 204 },
  { method: 'post', path: '/notification_tokens', summary: 'Register a device push token for the caller (upsert). Registrations are per user: the same token registered by another user never moves or removes the caller’s', request: NotificationTokenBody, status: 201, response: NotificationTokenResponse },
  { method: 'delete', path: '/notification_tokens', summary: 'Unregister the caller’s own registration of a device push token; 204 also when the caller holds none (another user’s registration stays)', request: NotificationTokenBody, status: 204 },
  { method: 'get', path: '/two_factor', summary: 'Whether two-factor sign-in is on (extension)', status: 200, response: TwoFactorState },
  { method: 'post', path: '/two_factor', summary: 'Start two-factor set-up: a TOTP secret to scan (extension)', status: 201, response: TwoFactorState },
  { method: 'post', path: '/two_factor/confirm', summary: 'Turn two-factor on with the current password and a first code; a wrong password or code is one 422 on `base`, and 10 wrong attempts in 15 minutes answer 429 (extension)', rateLimited: true, request: ConfirmTwoFactorRequest, status: 200, response: TwoFactorState },
  { method: 'delete', path: '/two_factor', summary: 'Turn two-factor off with the current password and a code; a wrong password or code is one 422 on `base`, and 10 wrong attempts in 15 minutes answer 429 (extension)', rateLimited: true, request: DisableTwoFactorRequest, status: 200, response: TwoFactorState },
  { method: 'get', path: '/ontologies', summary: 'Ontologies visible to the caller, newest first', query: ListOntologiesQuery, status: 200, response: OntologyListAnswer },
  { method: 'post', path: '/ontologies', summary: 'Create an ontology and its first commit. A source over the JSON limit comes as multipart/form-data: a `body` part with this JSON without ontology.source and a `source` file part (up to SOURCE_MAX_BYTES); that answer has source_bytes instead of source, as has ?omit_source=true', query: OntologyWriteQuery, request: CreateOntologyRequest, multipart: multipartWrite(CreateOntologyMultipartBody, true), status: 201, response: OntologyAnswer },
  { method: 'get', path: '/ontologies/{id}', summary: 'One ontology with its source and head metrics; ETag is the head hash. ?version or ?commit_id answer it as it was at that commit (with at_commit)', query: OntologyReadQuery, status: 200, response: OntologyAnswer },
  { method: 'patch', path: '/ontologies/{id}', summary: 'Change an ontology; a new source or format makes a commit (If-Match honoured). multipart/form-data as for the create (the `source` part optional); that answer has source_bytes instead of source, as has ?omit_source=true', query: OntologyWriteQuery, request: UpdateOntologyRequest, multipart: multipartWrite(UpdateOntologyMultipartBody, false), status: 200, response: OntologyAnswer },
  { method: 'delete', path: '/ontologies/{id}', summary: 'Delete an ontology and its commits; children become roots (If-Match honoured)', status: 204 },
  { method: 'get', path: '/ontologies/{id}/children', summary: 'Visible children of an ontology', query: ChildrenQuery, status: 200, response: OntologyListAnswer },
  { method: 'get', path: '/ontologies/{id}/commits', summary: 'Commits newest first, without source', query: CommitsQuery, status: 200, response: CommitListResponse },
  { method: 'get', path: '/ontologies/{id}/commits/{commit_id}', summary: 'One commit with its source and metrics', status: 200, response: CommitResponse },
  {
    method: 'get',
    path: '/ontologies/{id}/diff',
    summary:
      'Diff two commits (default: the head against its parent). kind rdf (semantic, blank nodes canonicalized), json-patch (YAML/JSON, RFC 6902), orm (model elements by id) or text (unified diff; Accept: text/x-diff answers it as text). 422 when from is newer than to (extension)',
    query: DiffQuery,
    status: 200,
    response: DiffResponse,
    produces: ['text/x-diff'],
    negotiates: true,
  },
  {
    method: 'get',
    path: '/ontologies/{id}/source',
    summary:
      'Download the source of any version (?commit_id: a commit id or a version; default the head) byte for byte with its media type and Content-Length, streamed, or converted (?format=turtle|rdfxml|jsonld|ntriples or Accept) when it is RDF; ETag by commit hash (If-None-Match answers 304); the stored form answers a single Range (bytes=a-b, a-, -n) with 206 and Content-Range, If-Range honoured, 416 when unsatisfiable; 406 with `available` when no acceptable form exists (extension)',
    query: SourceQuery,
    status: 200,
    produces: SOURCE_MEDIA_TYPES,
    negotiates: true,
  },
  { method: 'get', path: '/terms', summary: 'Search the terms of the head versions of every visible ontology, ranked by match: id, label, synonym, label_prefix, synonym_prefix, words, definition (case and accents ignored; extension)', query: TermSearchQuery, status: 200, response: TermSearchResponse },
  { method: 'get', path: '/ontologies/{id}/terms', summary: 'One version’s terms (?commit_id: id or version; default the head, answered at its last version whose terms are written, which items name; 409 for a version whose terms are not written): the roots, the children of ?parent, or ?q ranked as /terms ranks (extension)', query: OntologyTermsQuery, readsVersionTerms: true, status: 200, response: OntologyTermsResponse },
  { method: 'get', path: '/ontologies/{id}/term', summary: 'One term of one version (?iri: IRI or CURIE) with parents, ancestors and annotations; 404 when that version has no such term (extension)', query: TermQuery, readsVersionTerms: true, status: 200, response: TermResponse },
  { method: 'get', path: '/ontologies/{id}/term/history', summary: 'A term’s changes, newest first; 404 when no version ever had it (extension)', query: TermHistoryQuery, status: 200, response: TermHistoryResponse },
  { method: 'get', path: '/ontologies/{id}/commits/{commit_id}/changes', summary: 'The term-level changes of a commit against its parent (its release note) with their summary (extension)', query: TermChangesQuery, readsVersionTerms: true, status: 200, response: CommitChangesResponse },
  ...(['svg', 'png'] as const).map(
    (output): RouteSpec => ({
      method: 'get',
      path: `/ontologies/{id}/diagram.${output}`,
      summary: `An ORM2 diagram of an orm ontology as ${output === 'svg' ? 'SVG' : 'PNG'}, at its head or at ?commit_id; ?diagram picks one of several by name or number. 422 for other source formats or an unknown diagram (extension)`,
      query: DiagramQuery,
      status: 200,
      produces: [output === 'svg' ? 'image/svg+xml' : 'image/png'],
      mayBeUnavailable: true,
    }),
  ),
];

/** Routes whose work runs in the heavy-work pool: 429 past the caller's share, 503 when the pool is full. */
const HEAVY_ROUTES = new Set(['get /ontologies/{id}/diff', 'get /ontologies/{id}/source', 'post /ontologies', 'patch /ontologies/{id}']);

const json = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });

function content(route: RouteSpec) {
  const types: Record<string, { schema: z.ZodType }> = {};
  if (route.response) types['application/json'] = { schema: route.response };
  for (const type of route.produces ?? []) types[type] = { schema: z.string() };
  return Object.keys(types).length > 0 ? { content: types } : {};
}

function operation(route: RouteSpec): ZodOpenApiOperationObject {
  const pathParams = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
  const responses: ZodOpenApiOperationObject['responses'] = {
    [String(route.status)]: { description: route.summary, ...content(route) },
  };
  if (route.negotiates) responses['406'] = { description: 'None of the media types in Accept (or ?format) can be given', ...json(NotAcceptableResponse) };
  if (!route.public) responses['401'] = { description: 'Missing or invalid bearer token', ...json(ErrorResponse) };
  if (route.path === '/auth') {
    responses['401'] = { description: 'Wrong e-mail, password or one-time code', ...json(ErrorResponse) };
    responses['429'] = {
      description: 'Too many failed attempts for this account from this address, or from this address in all; the Retry-After header gives the seconds to wait',
      ...json(RateLimitedResponse),
    };
  }
  if (route.rateLimited) {
    responses['429'] = { description: 'Too many attempts; the Retry-After header gives the seconds to wait', ...json(RateLimitedResponse) };
  }
  if (pathParams.length > 0) responses['404'] = { description: 'Missing, or not visible to the caller', ...json(ErrorResponse) };
  if (route.request || route.query || route.public) responses['422'] = { description: 'Validation failed', ...json(ValidationErrorResponse) };
  if (route.request) {
    responses['400'] = { description: route.multipart ? 'Malformed JSON, or a malformed multipart body (a missing, repeated or unknown part)' : 'Malformed JSON', ...json(ErrorResponse) };
    responses['413'] = {
      description: route.multipart ? 'JSON body larger than 16 MB (a source over 10 MB in JSON), or an uploaded source larger than SOURCE_MAX_BYTES' : 'Body larger than 16 MB',
      ...json(ErrorResponse),
    };
  }
  if (route.path === '/ontologies/{id}/source') {
    responses['206'] = { description: 'The byte range asked for (Content-Range)', content: Object.fromEntries(SOURCE_MEDIA_TYPES.map((type) => [type, { schema: z.string() }])) };
    responses['304'] = { description: 'If-None-Match names the ETag: the client has this version already' };
    responses['416'] = { description: 'The Range cannot be satisfied (Content-Range: bytes */length)', ...json(ErrorResponse) };
  }
  if (HEAVY_ROUTES.has(`${route.method} ${route.path}`)) {
    responses['429'] = {
      description: 'The caller already has as many diffs, conversions or large source checks running as one caller may; retry after Retry-After seconds',
      ...json(ErrorResponse.extend({ retry_after: z.number().int() })),
    };
    responses['503'] = { description: 'The service is busy with heavy work (or it did not finish in time); retry after Retry-After seconds', ...json(ErrorResponse) };
  }
  if (route.readsVersionTerms) {
    responses['409'] = {
      description:
        'The terms of the version asked for (commit_id, version, or the commit of the path) are still being indexed or failed; without a commit, when no version has its terms yet. The head otherwise answers the last version whose terms are written, under its own version and commit_id',
      ...json(TermsNotReadyResponse),
    };
  }
  if (route.mayBeUnavailable) {
    responses['503'] = { description: 'Rendering is unavailable right now; retry after Retry-After seconds', ...json(ErrorResponse) };
  }
  if (route.path.startsWith('/ontologies/{id}') && (route.method === 'patch' || route.method === 'delete')) {
    responses['403'] = { description: 'Visible, but the caller is not a member of the owning account', ...json(ErrorResponse) };
    responses['412'] = { description: 'If-Match does not match the current head hash', ...json(ErrorResponse) };
  }
  return {
    summary: route.summary,
    operationId: `${route.method}${route.path.replace(/\{(\w+)\}/g, 'By_$1').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    ...(route.public ? { security: [] } : {}),
    ...(pathParams.length > 0 || route.query
      ? {
          requestParams: {
            ...(pathParams.length > 0 ? { path: z.object(Object.fromEntries(pathParams.map((name) => [name, z.string()]))) } : {}),
            ...(route.query ? { query: route.query } : {}),
          },
        }
      : {}),
    ...(route.request
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: route.request },
              ...(route.multipart ? { 'multipart/form-data': { schema: route.multipart } } : {}),
            },
          },
        }
      : {}),
    responses,
  };
}

export function buildOpenApiDocument(baseUrl: string): ReturnType<typeof createDocument> {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of ROUTES) {
    const key = `/api/v1${route.path}`;
    paths[key] = { ...paths[key], [route.method]: operation(route) };
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Ontology Management Service',
      version: '1.0.0',
      description: 'Store, version, search and picture ontologies. Every change of a source is an immutable commit in a hash-chained history.',
    },
    servers: [{ url: baseUrl }],
    security: [{ bearer: [] }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An API token from POST /api/v1/users or /api/v1/auth' } } },
    paths,
  });
}
