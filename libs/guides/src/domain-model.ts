// The `domain_model` prompt and the `service://domain-model` resource (SPEC 4.3, 4.4): what
// the service stores and the rules it enforces, in the words an agent needs before writing.
// Keep it in step with libs/domain, libs/formats and docs/decisions.md.
export const DOMAIN_MODEL_GUIDE = `# Ontology Management Service: domain model

This is the reference for what the service stores and the rules it enforces. The same rules hold for the REST API (\`/api/v1\`) and for the agent tools (MCP); where the two interfaces differ, both are named.

## Ontologies

An ontology is a versioned definition: a title, an optional description, a source text in a declared source format, a semantic version and a visibility. It belongs to one account and may have a parent ontology.

| Field | Meaning |
|---|---|
| \`id\` | UUID (UUIDv7, time-ordered) |
| \`account_id\` | the owning account |
| \`parent_id\` | the parent ontology, or \`null\` for a root ontology or when the parent is private to an account you are not in |
| \`title\` | 1 to 255 characters, never blank |
| \`description\` | up to 10,000 characters; \`""\` when not given |
| \`visibility\` | REST: \`public\` or \`private\`; agent tools: \`is_public\` or \`is_private\` |
| \`source\` | the full source text of the head commit, byte for byte as it was sent (never trimmed) |
| \`source_format\` | one of the formats below |
| \`version\` | semantic version \`MAJOR.MINOR.PATCH\` of the head commit |
| \`head_hash\` | \`sha256:\` + 64 hex digits: the \`commit_hash\` of the applied (head) commit |
| \`created_at\`, \`updated_at\` | ISO 8601 UTC timestamps with milliseconds |
| \`url\` | absolute URL \`{base_url}/api/v1/ontologies/<id>\` |

Lists of ontologies are ordered newest first (by id).

## Source formats and their validation

Every source is checked with a real parser of its declared format before anything is stored. A source that does not parse is refused and nothing changes.

| Format | REST | Tools | Accepted when |
|---|---|---|---|
| \`yaml\` | yes | yes | every document of the YAML stream parses without any error (duplicate keys and bad indentation are errors, not warnings); nesting is at most 500 levels; alias expansion is bounded |
| \`json\` | yes | no | the text is one JSON value (strict JSON: no comments, no trailing commas); nesting is at most 500 levels |
| \`owl\` | yes | yes | well-formed XML that parses as RDF/XML, or an OWL/XML document whose root is \`Ontology\` in \`http://www.w3.org/2002/07/owl#\` |
| \`rdf\` | yes | yes | well-formed XML that parses as RDF/XML |
| \`turtle\` | yes | yes | the text parses as Turtle (prefixes declared before use, every statement ends with \`.\`); nesting of \`[ ]\`, \`( )\` is at most 50,000 levels |
| \`orm\` | yes | yes | ORM2 XML as NORMA writes it: well-formed XML whose root is \`ORM2\` in \`http://schemas.neumont.edu/ORM/2006-04/ORMRoot\` holding an \`ORMModel\` in \`http://schemas.neumont.edu/ORM/2006-04/ORMCore\` (a bare \`ORMModel\` root is accepted too) |
| \`other\` | yes | yes | always: the text is stored as it is and never parsed |

The agent tools accept \`yaml\`, \`owl\`, \`rdf\`, \`turtle\`, \`other\` and \`orm\`. There is no \`json\` at the tool interface: store JSON through REST, or as \`yaml\` (every JSON document is valid YAML 1.2), or as \`other\` when it must stay unparsed.

XML formats (\`owl\`, \`rdf\`, \`orm\`):
- Namespaces are compared by URI, never by prefix: \`ormRoot:\` bound to another URI is not ORM2.
- A DOCTYPE may declare internal entities (real OWL files use them for namespace IRIs); they are expanded with bounds (at most 4 levels of nesting and a cap on the expanded size). External entities, parameter entities and markup inside entities are refused.
- Elements nest at most 50,000 levels in \`owl\` and \`rdf\` (an rdf:List written as nested elements takes two per member) and 200 in \`orm\`; at most 256 namespace prefixes may be declared at once.
- A leading byte order mark (as NORMA writes it) is ignored for parsing; the stored source keeps it.
- Only \`orm\` sources can be drawn by \`visualize_ontology\`.

Errors name the place: \`line 12, column 6: <what is wrong>\` (a few Turtle errors carry only a line). REST answers 422 with \`{"errors": {"source": ["line 12, column 6: ..."]}}\`; a tool answers a result with \`isError: true\` and the same sentence. Fix the source at that position and send the whole source again.

Limits on every write:
- \`title\`: 1 to 255 characters after trimming.
- \`description\`: up to 10,000 characters.
- \`source\`: up to 10 MB (10,485,760 bytes of UTF-8). REST bodies above 16 MB are refused with 413 before they are read.
- Commit message (\`change_summary\` in REST, \`commit_message\` in tools): 1 to 10,000 characters.
- Text may not contain NUL characters or broken Unicode (lone surrogates).

## Semantic versions

An ontology version is \`MAJOR.MINOR.PATCH\`: three non-negative integers without leading zeros, no \`v\` prefix, no pre-release or build part (\`1.0.0\`, \`2.13.4\`; not \`1.0\`, \`01.0.0\`, \`1.0.0-beta\`). Versions compare numerically: \`1.10.0\` is greater than \`1.9.0\`.

- Create: \`version\` is optional and defaults to \`1.0.0\`.
- REST update (PATCH): the top-level \`version_bump\` says how the version moves when a commit is made: \`patch\` (the default, 1.2.0 to 1.2.1), \`minor\` (1.2.0 to 1.3.0) or \`major\` (1.2.0 to 2.0.0). A lower part resets to zero.
- Tool update (\`update_ontology\`): without \`version\` the patch is bumped automatically (1.4.2 to 1.4.3). An explicit \`version\` must be a valid semantic version strictly greater than the current one; an equal or lower version is refused and nothing changes.
- The version moves only when a commit is made. Changing only the title, description, visibility or parent keeps the version; an explicit \`version\` sent with an unchanged source is ignored.
- Each commit records the version of the ontology at that commit.

## Commits: immutable snapshots

Every change of an ontology's source or source format creates a commit: an immutable snapshot of the full source. The commits of one ontology form one linear history.

| Field | Meaning |
|---|---|
| \`id\` | UUID of the commit |
| \`ontology_id\` | the ontology it belongs to |
| \`commit_hash\` | \`sha256:\` + 64 hex digits |
| \`parent_hash\` | the previous commit's \`commit_hash\`; \`null\` for the first commit |
| \`message\` | the commit message |
| \`source_format\`, \`version\` | format and version at this commit |
| \`status\` | \`applied\` (the head, the live commit) or \`superseded\` (history) |
| \`author_id\` | the user who made it |
| \`source\` | the full source; only in a single-commit response (\`read_commit\`, \`GET .../commits/:commit_id\`), never in lists |
| \`created_at\`, \`updated_at\` | timestamps |

Rules:
1. The first commit is created together with the ontology, atomically: both exist or neither. Its message is \`change_summary\` (REST, default \`Initial commit via API\`) or \`commit_message\` (tool, default \`Initial commit\`).
2. An update creates a commit only when the source or the source format really changes (compared byte for byte). Sending the same source again creates no commit and keeps the version.
3. Changes to only \`title\`, \`description\`, \`visibility\` or \`parent_id\` never create a commit.
4. The new commit becomes \`applied\`; the previous head becomes \`superseded\`. Exactly one commit per ontology is \`applied\`, and the ontology's \`source\`, \`source_format\`, \`version\` and \`head_hash\` are the applied commit's.
5. Commits are never edited or deleted one by one. To go back to an earlier state, read that commit and send its source as a new update: history only grows.
6. Concurrent updates of one ontology are serialized, so the history stays linear. REST reads carry \`ETag: "<head_hash>"\`; a PATCH or DELETE with a stale \`If-Match\` is refused with 412.
7. Deleting an ontology deletes all of its commits.
8. Commit lists are newest first.

The hash chain: \`commit_hash\` = \`sha256:\` + the lowercase hex SHA-256 of the UTF-8 bytes of \`oms-commit-v1\\n\` followed, for each field in the order \`parent_hash\` (empty for the first commit), \`source_format\`, \`version\`, \`message\`, \`author_id\`, \`source\`, by \`<name>:<byte length of value>:<value>\\n\`. Each hash covers its parent's hash, so changing any earlier commit would change every later hash and the ontology's \`head_hash\`: anyone holding the commits can verify the whole history.

## Accounts and ownership

- Every user has a personal account, created at sign-up, where they are the owner with role \`admin\`. Team accounts have several members, each with role \`admin\` or \`member\`.
- Admins manage a team's members; every member, whatever the role, may create, update and delete the account's ontologies.
- Every ontology belongs to exactly one account. Writing (create, update, delete) needs membership of the owning account. Reading depends on visibility.
- \`list_accounts\` answers each account of the caller with \`id\`, \`name\`, \`personal\` and the caller's \`roles\` in it. \`create_ontology\` needs one of these ids as \`account_id\`; \`update_ontology\` and \`delete_ontology\` need the id of the account that owns the ontology (its \`account_id\`).
- REST create without \`account_id\` uses the caller's personal account.

## Visibility

- \`public\` (tools: \`is_public\`, the default on create): visible to every authenticated user.
- \`private\` (tools: \`is_private\`): visible only to members of the owning account.
- A private ontology of an account you do not belong to is treated exactly like one that does not exist: REST answers 404, tools answer "not found". The service never reveals whether a hidden ontology exists. Its commits are hidden the same way.
- Seeing a public ontology does not give the right to change it: a non-member's write is refused (REST 403).

## Parent and child ontologies

- An ontology may name a parent with \`parent_id\` (REST create and update); one without a parent is a root ontology.
- The parent must be an ontology the caller can see; otherwise 422 on \`parent_id\`.
- Cycles are refused: an ontology cannot become its own ancestor (422).
- \`GET /api/v1/ontologies/:id/children\` lists the children the caller can see; \`GET /api/v1/ontologies?parent_id=<id>\` filters the same way.
- A parent the caller cannot see is never shown: its children read \`parent_id: null\`, and filtering by its id answers as for an id that does not exist.
- Deleting a parent deletes only the parent and its commits: its children become root ontologies and lose nothing else.
- Changing \`parent_id\` creates no commit and keeps the version.
`;
