// The `tool_patterns` prompt and the `service://tool-guide` resource (SPEC 4.3, 4.4): the 12
// agent tools with parameters and results as libs/contracts/src/mcp-tools.ts defines them,
// the order to call them in, how to recover from each error, and whole workflows; then the
// terms toolset (DESIGN 7, libs/contracts/src/term-tools.ts) and how to ask for it.
export const TOOL_PATTERNS_GUIDE = `# Ontology Management Service: agent tool guide

The service offers 12 tools in five groups, and on request a sixth group, the terms toolset (see "Terms toolset" below: find a class or property and read it without reading whole sources). Ids are UUIDs: copy them from earlier results, never guess them. All results are JSON objects (snake_case) except \`visualize_ontology\`, which answers an image. The data model behind the tools (formats, versions, commits, accounts, visibility) is in the \`domain_model\` prompt and the \`service://domain-model\` resource; the ORM modeling method is in the \`orm_workflow\` prompt and the \`guide_orm_creation\` tool.

Shared shapes:
- **Ontology**: \`{id, account_id, parent_id, title, description, visibility, source, source_format, version, head_hash, created_at, updated_at, url}\`; \`visibility\` is \`is_public\` or \`is_private\`; \`source\` is the full text of the head commit.
- **Commit summary**: \`{id, ontology_id, commit_hash, parent_hash, message, source_format, status, version, author_id, created_at, updated_at}\`; \`status\` is \`applied\` (head) or \`superseded\`. A full commit adds \`source\`.
- **List page**: \`{<items>, total, limit, offset, has_more}\`. \`limit\` is 1 to 100 (default 20), \`offset\` 0 or more (default 0). \`has_more\` is true when \`offset + items returned < total\`: fetch the next page with \`offset = offset + limit\`. Lists are newest first.

## User & Account

### read_profile
- Parameters: none.
- Returns \`{name, email, time_zone, created_at}\` of the signed-in user.
- Use it to confirm who is acting, or to show times in the user's \`time_zone\`.

### list_accounts
- Parameters: none.
- Returns \`{accounts: [{id, name, personal, roles}]}\`: every account the user belongs to; \`personal\` is true for the user's own account; \`roles\` holds \`admin\` and/or \`member\`.
- Call it before \`create_ontology\`: its \`id\` is the \`account_id\` to create in. Any member may write; prefer the personal account unless the user names a team.

## Ontology Read

### list_ontologies
- Parameters: \`limit\` (optional, 1..100, default 20), \`offset\` (optional, >= 0, default 0).
- Returns a list page \`{ontologies, total, limit, offset, has_more}\` of every ontology the user can see (public ones and private ones of the user's accounts), newest first.
- Items carry no \`source\`: they carry \`source_bytes\` and the head's \`metrics\` (triples, classes, properties, ...) instead. Read a source with \`read_ontology\`.
- Every tool result stays under 100,000 characters. A page that would pass that comes back shorter, with \`page_shortened: true\` and \`next_offset\`: continue from \`next_offset\`.

### search_ontologies
- Parameters: \`query\` (required, 1..255 characters), \`limit\`, \`offset\` as above.
- Returns the same list page, restricted to ontologies whose title or description contains \`query\`, case-insensitive (a plain substring, not a pattern language).
- Use it to find an id by name before reading, updating or deleting.

### read_ontology
- Parameters: \`id\` (required, ontology UUID), \`source_offset\` (optional, default 0), \`source_length\` (optional, 1..90,000 characters, default 60,000).
- Returns one ontology with its current \`source\`, \`version\` and \`head_hash\`.
- A source longer than \`source_length\` comes in pages: \`source_truncated\` is true, \`source_chars\` is the whole length, and \`next_source_offset\` is where the next page starts (null on the last page). Call again with \`source_offset = next_source_offset\`; the pages joined in order are the source exactly. A page may stop short of \`source_length\` when escaping would pass the result budget: always follow \`next_source_offset\`.
- Call it before every \`update_ontology\`: you need the current source to edit, the current version, and its \`account_id\`.

## Ontology Write

### create_ontology
- Parameters: \`account_id\` (required, from \`list_accounts\`), \`title\` (required, 1..255), \`source\` (required, the full text, up to 10 MB), \`source_format\` (required: \`yaml\`, \`owl\`, \`rdf\`, \`turtle\`, \`other\` or \`orm\`), \`description\` (optional, up to 10,000), \`visibility\` (optional: \`is_public\` default, or \`is_private\`), \`version\` (optional, \`MAJOR.MINOR.PATCH\`, default \`1.0.0\`), \`commit_message\` (optional, default \`Initial commit\`).
- Returns the created ontology (with the first page of its source, as \`read_ontology\` pages it). Its first commit is created with it.
- The source is parsed in \`source_format\` first; a source that does not parse is refused and nothing is created.
- Ask the user before choosing \`is_public\` for content that may be confidential; \`is_public\` is the default.

### update_ontology
- Parameters: \`id\` (required), \`account_id\` (required: the ontology's own \`account_id\`), \`source\` (required: the complete new source text, not a diff or a fragment), \`commit_message\` (required, 1..10,000: say what changed and why), \`source_format\` (optional, keeps the current format when omitted), \`version\` (optional: an explicit version greater than the current one; when omitted the patch is bumped, 1.2.3 to 1.2.4), \`title\`, \`description\`, \`visibility\` (optional, each replaces the current value).
- Returns the updated ontology (with the first page of its source).
- A new commit is made only when the source or the format really changes; sending the same source with new metadata changes the metadata only (no commit, same version).
- \`source\` replaces the whole document. Start from \`read_ontology\`'s \`source\`, apply the edit, and send everything back; anything you leave out is gone from the new head (it stays in history).

### delete_ontology
- Parameters: \`id\` (required), \`account_id\` (required: the owning account).
- Returns \`{deleted: true, id}\`.
- Deletes the ontology and all of its commits; irreversible. Its children become root ontologies. Confirm with the user first, naming the title, and never delete to "start over" an update.

## Commits

### list_commits
- Parameters: \`ontology_id\` (required), \`limit\`, \`offset\` as above.
- Returns \`{commits, total, limit, offset, has_more}\` of commit summaries, newest first, without sources. With \`offset\` 0 the first item is the \`applied\` head; \`total\` is the number of commits.

### read_commit
- Parameters: \`id\` (required, commit UUID from \`list_commits\`), \`source_offset\` and \`source_length\` as in \`read_ontology\`.
- Returns the commit with its \`metrics\` and its \`source\` as it was at that commit, paged like \`read_ontology\` (\`source_truncated\`, \`source_chars\`, \`next_source_offset\`).
- Compare two commits by reading both; restore an old state by sending its \`source\` to \`update_ontology\` (history is never rewritten).

## Visualization & ORM

### visualize_ontology
- Parameters: \`id\` (required, an ontology whose \`source_format\` is \`orm\`).
- Returns an image content block (\`type: "image"\`, \`mimeType: "image/png"\`, base64 \`data\`): the ORM2 diagram of the current head, drawn with entity types, value types, fact types with readings, and constraints.
- With it comes the JSON summary \`{ontology_id, title, version, head_hash, object_types, entity_types, value_types, fact_types, constraints, width, height, scale}\` (as text and structured content); \`scale\` below 1 means a large model was shrunk to fit.
- Rendering takes a moment. Look at the picture: missing readings, unconnected object types or missing constraints show a modeling gap to fix with \`update_ontology\`.

### guide_orm_creation
- Parameters: \`domain_description\` (required, 1..20,000 characters of plain-language description of the domain).
- Returns \`{guidance, template}\`: \`guidance\` is the Object-Role Modeling method applied to the description (Markdown), \`template\` is a complete ORM2 XML document to copy the structure from.
- It does not create anything; the XML you write from it goes to \`create_ontology\` with \`source_format: "orm"\`.

## Terms toolset (on request)

A source can be megabytes; an agent that wants one class should ask for that class. The terms toolset searches and reads the terms inside ontologies: classes, properties, SKOS concepts, individuals, LinkML classes and slots, ORM object and fact types. It is not in the default list. Connect to \`{base_url}/mcp?toolsets=terms\` (or \`?toolsets=all\`) instead of \`{base_url}/mcp\`: the same sign-in (the same OAuth metadata and token audience, or the same API token), plus these four read-only tools. With \`bin/mcp-stdio\`, set \`SERVICE_TOOLSETS=terms\`. An unknown toolset name is refused with HTTP 400 naming the known ones.

Term shapes:
- **Term hit** (search): \`{iri, curie, kind, label, synonyms, definition, deprecated, match, ontology_id, ontology_title, version, commit_id, url}\`; \`synonyms\` at most 10 and \`definition\` at most 500 characters; \`match\` says why it was found.
- **Term** (read): the hit fields (whole synonyms and definition, no \`match\`) plus \`replaced_by\`, \`parents\` and \`ancestors\` as \`{iri, curie, label}\` (ancestors nearest first, at most 200; a parent the version does not declare has \`label: null\`), \`children_count\` and \`annotations\` (\`{property, value, language?, datatype?}\`).
- **Term change** (history): \`{iri, commit_id, version, created_at, change, fields, before, after}\`; \`change\` is \`added\`, \`changed\` or \`removed\`; \`fields\` names what changed (label, synonyms, definition, parents, kind, deprecated, replaced_by); \`before\`/\`after\` are term summaries or null.
- Kinds: \`class\`, \`object_property\`, \`datatype_property\`, \`annotation_property\`, \`property\`, \`concept\`, \`concept_scheme\`, \`individual\` (RDF family), \`class\`, \`slot\`, \`enum\`, \`type\` (LinkML), \`entity_type\`, \`value_type\`, \`fact_type\` (ORM).

### search_terms
- Parameters: \`query\` (required, 1..200 characters), \`ontology_id\` (optional: one id or a list of at most 50; default every ontology you can see), \`kind\` (optional: one kind or a list), \`include_deprecated\` (optional, default false), \`limit\`, \`offset\` as above.
- Returns \`{terms, total, limit, offset, has_more}\` of term hits from the head version of each ontology. Case and accents are ignored. Ranked by \`match\`: \`id\` (query is the IRI, the CURIE or the IRI's local name), \`label\`, \`synonym\`, \`label_prefix\`, \`synonym_prefix\`, \`words\` (every word starts a word of the label or a synonym), \`definition\` (every word is in the definition); then not deprecated first, shorter labels first.

### read_term
- Parameters: \`ontology_id\` (required), \`iri\` (required: the IRI from a hit, or a CURIE such as \`GO:0008150\`), \`version\` (optional: a version such as \`1.0.0\` or a commit id; default the head).
- Returns one term as that version has it. In the rare case a term is larger than a tool result may be, \`truncated\` names the shortened fields (annotations first) and \`annotations_total\` the whole count; the whole term is at its \`url\` (REST, same token).

### list_term_children
- Parameters: \`ontology_id\` (required), \`iri\` (optional: the parent; omit it for the roots, the terms with no parent in that version), \`version\` (optional, as in \`read_term\`), \`limit\`, \`offset\`.
- Returns \`{terms, total, limit, offset, has_more}\`: the direct children (hit fields without \`match\`, plus \`children_count\`), sorted by label, deprecated terms left out.

### term_history
- Parameters: \`ontology_id\` (required), \`iri\` (required, IRI or CURIE), \`limit\`, \`offset\`.
- Returns \`{changes, total, limit, offset, has_more}\`: the term's changes across versions, newest first.

### Terms errors
- Not found: the ontology is not visible, that version has no such term (\`read_term\`, \`list_term_children\`), or no version ever had it (\`term_history\`). Find the term with \`search_terms\` and copy its \`ontology_id\` and \`iri\`; find versions with \`list_commits\`.
- Invalid parameter: e.g. an empty \`query\`, an unknown \`kind\`, a \`version\` that is neither \`MAJOR.MINOR.PATCH\` nor a commit id; correct it as the message says.

### Terms workflows
1. **Find a term**: \`search_terms(query: "<label>")\`; several ontologies may have a term with that label: pick by \`ontology_title\` (or pass \`ontology_id\` once you know it). Prefer \`match\` \`id\` or \`label\` hits.
2. **Read it at a version**: \`read_term(ontology_id, iri)\` for the head; \`read_term(ontology_id, iri, version: "1.0.0")\` for the term as released in 1.0.0. Versions come from \`list_commits\` or from \`term_history\`.
3. **Walk its parents**: \`read_term\` gives \`parents\` and all \`ancestors\` at once (nearest first); read a parent with \`read_term\` on its \`iri\`. Walk down with \`list_term_children(ontology_id, iri)\`, and start at the top with \`list_term_children(ontology_id)\` (the roots).
4. **See what changed**: \`term_history(ontology_id, iri)\` lists the versions where the term was added, changed (and which fields) or removed; compare with \`read_term\` at two versions.
Answering "what are the parents of X in O at version 1.0.0" takes two calls: \`search_terms(query: "X")\` then \`read_term(ontology_id, iri, version: "1.0.0")\`; never read the whole source for it.

## Sequencing rules

1. \`list_accounts\` before \`create_ontology\`: the \`account_id\` must be one of the user's accounts.
2. \`read_ontology\` before \`update_ontology\`: edit the current source, and take \`account_id\` from the ontology.
3. \`update_ontology\` takes the full new source, never a diff, a patch or only the changed part.
4. \`search_ontologies\` or \`list_ontologies\` before using an ontology id you did not get from this session.
5. Follow \`has_more\`: request the next page with \`offset + limit\` (or \`next_offset\` when the page was shortened) until \`has_more\` is false, or stop once you found what you need. \`total\` tells how many there are.
6. \`list_commits\` before \`read_commit\`: commit ids come from the list.
7. \`visualize_ontology\` only for \`orm\` ontologies, after \`create_ontology\` or \`update_ontology\` succeeded.
8. Write tools change shared data: do not retry a write blindly after an unclear failure. Read first (\`read_ontology\`, \`list_commits\`) to see whether it took effect.
9. A large source: read it page by page (\`read_ontology\` or \`read_commit\` with \`source_offset\`) and edit only after you have every page; \`update_ontology\` still takes the whole new source.

## Error recovery

Errors are tool results with \`isError: true\` and a text that says what went wrong and what to do next. Nothing is changed by a refused call.

| Error | The message says | What to do |
|---|---|---|
| Unknown or hidden ontology | not found; call list_ontologies or search_ontologies | The id is wrong, deleted, or private to an account you are not in (the service does not say which). Find the right id with \`search_ontologies\` or \`list_ontologies\`; do not guess ids. |
| Unknown commit | not found | Take commit ids from \`list_commits\` of the ontology. |
| Wrong account | \`account_id\` is not your account, or not the owner; call list_accounts | Create: use an \`id\` from \`list_accounts\`. Update or delete: use the ontology's own \`account_id\` from \`read_ontology\`. |
| Not a member of the owner | only members of the owning account can change it | You can read this public ontology but not change it. Create your own copy with \`create_ontology\` in one of your accounts, if the user wants that. |
| Source does not parse | the parser's message with line and column, e.g. \`line 12, column 6: ...\` | Fix the source at that position and send the whole corrected source again. Check that \`source_format\` matches the text (Turtle is not RDF/XML). |
| Version not greater | the version must be greater than the current one (named) | Omit \`version\` for an automatic patch bump, or choose a greater version after \`read_ontology\`. |
| Invalid parameter | the field and the rule it broke, or an unrecognized key | Correct that parameter: UUIDs for ids, \`limit\` 1..100, a listed \`source_format\`, text within its length limit. Parameters a tool does not list are refused, not ignored (REST's \`version_bump\`, \`change_summary\` or \`parent_id\` do not exist here). |
| Not an ORM ontology | only \`orm\` ontologies can be visualized | Check \`source_format\` with \`read_ontology\`; other formats have no diagram. |
| Authentication | HTTP: the request is refused (401) before any tool runs; stdio: the service refused \`SERVICE_API_TOKEN\` | Sign in again (HTTP transport), or have the user set a new API token in \`SERVICE_API_TOKEN\` and restart \`bin/mcp-stdio\` (stdio); retrying does not help. |
| Service unreachable (stdio) | the service could not be reached or is temporarily unavailable | Retry in a few seconds; for writes, read first to see whether the change was made. |
| Internal or temporary failure | an internal error; try again | Retry once after a short pause; for writes, read first to see whether the change was made. |

## Workflows

### 1. Create an ontology and iterate on it
1. \`list_accounts\`; pick the account (personal unless the user named a team).
2. \`create_ontology\` with \`account_id\`, \`title\`, \`source\`, \`source_format\` (and \`description\`, \`visibility\` when known). Keep the returned \`id\`.
3. For each change: \`read_ontology(id)\`, edit the \`source\`, \`update_ontology\` with \`id\`, the ontology's \`account_id\`, the full new \`source\` and a \`commit_message\` saying what changed. Pass \`version\` only for a deliberate minor or major step, e.g. \`1.3.0\` after new concepts or \`2.0.0\` after a breaking rename.
4. On a parse error, fix the named line and column and call \`update_ontology\` again.
5. \`list_commits(ontology_id)\` to confirm the new head and version.

### 2. Review and restore history
1. \`search_ontologies(query)\` to find the ontology; \`read_ontology\` for its current state.
2. \`list_commits(ontology_id)\`, paging with \`offset\` while \`has_more\` is true.
3. \`read_commit\` on the commits to compare; their \`source\`, \`version\` and \`message\` show what changed when, and \`author_id\` who changed it.
4. To restore, \`update_ontology\` with the old commit's \`source\` (and \`source_format\` if it differed) and a message such as "Restore 1.2.0". This adds a new commit; the history stays intact.

### 3. Model a domain in ORM and visualize it
1. \`guide_orm_creation(domain_description)\`; follow its \`guidance\` to list entity types, value types, fact types with readings and constraints, and write an ORM2 XML document shaped like its \`template\`.
2. \`list_accounts\`, then \`create_ontology\` with \`source_format: "orm"\`.
3. \`visualize_ontology(id)\` and check the diagram against the description: every entity type has a reference mode, every fact type a reading, every functional role a uniqueness bar, every required role a mandatory dot.
4. Fix gaps with \`read_ontology\` + \`update_ontology\` (full XML), then visualize again.

### 4. Clean up an ontology
1. \`search_ontologies\` to find it; \`read_ontology\` to confirm the title and the owning \`account_id\`.
2. Ask the user to confirm, naming the title; deletion removes all commits and cannot be undone.
3. \`delete_ontology(id, account_id)\`; the result is \`{deleted: true, id}\`. Child ontologies, if any, become root ontologies.
`;
