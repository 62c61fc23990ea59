// Bulk seeding with generate_series, for search-scale: ontologies of one account (one in three
// public), each with one small applied commit, titled "<Adjective> <Noun> ontology <n>" where
// the noun is the searched word in one title in fifty. Ids are UUIDv7-shaped (time prefix,
// version 7, variant 8) like the service's own. Ranges are ontology numbers (from, to], both
// multiples of 100, so an account can be grown in stages.

export const SEARCH_WORD = 'tardigrade';
const NOUNS = [
  'Tardigrade', 'Harbour', 'Lichen', 'Glacier', 'Sparrow', 'Turbine', 'Meadow', 'Quarry', 'Violin', 'Lantern',
  'Cobalt', 'Pylon', 'Walrus', 'Orchard', 'Basalt', 'Ferry', 'Saffron', 'Bracket', 'Nebula', 'Granary',
  'Pelican', 'Rivet', 'Tundra', 'Sextant', 'Mosaic', 'Kelp', 'Abacus', 'Falcon', 'Dynamo', 'Prairie',
  'Chisel', 'Opal', 'Beacon', 'Marrow', 'Cistern', 'Juniper', 'Rampart', 'Quill', 'Vortex', 'Ledger',
  'Ember', 'Gazebo', 'Hemlock', 'Iguana', 'Jasper', 'Kiln', 'Locust', 'Mortar', 'Nectar', 'Osprey',
];
const ADJECTIVES = ['Open', 'Core', 'Applied', 'Shared', 'Basic', 'Extended', 'Regional', 'Clinical', 'Legal', 'Marine', 'Urban', 'Rural', 'Formal'];

const uuid = (baseMs, kind, n) => `(lpad(to_hex(${baseMs}::bigint + (${n})), 12, '0') || '7${kind}8' || lpad(to_hex(${n}), 15, '0'))::uuid`;
const sqlArray = (words) => `ARRAY[${words.map((word) => `'${word}'`).join(',')}]`;

function stageSql(baseMs, from, to, accountId, authorId) {
  const id = (kind, n) => uuid(baseMs, kind, n);
  const ontologies = `generate_series(${from + 1}, ${to}) AS i`;
  return [
    [
      `INSERT INTO ontologies (id, account_id, title, visibility, source_format, version, head_hash, head_seq, updated_at)
     SELECT ${id('b04', 'i')}, $1::uuid,
       (${sqlArray(ADJECTIVES)})[1 + i % ${ADJECTIVES.length}] || ' ' || (${sqlArray(NOUNS)})[1 + (i * 7) % ${NOUNS.length}] || ' ontology ' || i,
       CASE WHEN i % 3 = 0 THEN 'public' ELSE 'private' END, 'other', '1.0.0', md5('h' || i) || md5('g' || i), 1, now()
     FROM ${ontologies}`,
      [accountId],
    ],
    [
      `INSERT INTO commits (id, ontology_id, seq, commit_hash, message, source_format, status, version, author_id, updated_at)
     SELECT ${id('b05', 'i')}, ${id('b04', 'i')}, 1, md5('h' || i) || md5('g' || i), 'Initial version', 'other', 'applied', '1.0.0',
       $1::uuid, now()
     FROM ${ontologies}`,
      [authorId],
    ],
    // The source store's `plain` form (libs/db/src/source-store): one piece holding the bytes.
    [
      `INSERT INTO commit_sources (commit_id, ontology_id, base_id, depth, codec, bytes, sha256, pieces, stored_bytes)
     SELECT ${id('b05', 'i')}, ${id('b04', 'i')}, NULL, 0, 'plain', octet_length(s.b), encode(sha256(s.b), 'hex'), 1, octet_length(s.b)
     FROM ${ontologies}, LATERAL (SELECT convert_to('Seed ontology ' || i || ': a small free-text source.', 'UTF8') AS b) s`,
      [],
    ],
    [
      `INSERT INTO commit_source_pieces (commit_id, n, data)
     SELECT ${id('b05', 'i')}, 0, convert_to('Seed ontology ' || i || ': a small free-text source.', 'UTF8')
     FROM ${ontologies}`,
      [],
    ],
  ];
}

/** The personal account of a signed-up user. */
export async function personalAccountOf(sql, userId) {
  const { rows } = await sql.query('SELECT id::text AS id FROM accounts WHERE owner_id = $1::uuid AND personal', [userId]);
  if (!rows[0]) throw new Error(`no personal account for user ${userId}`);
  return rows[0].id;
}

/**
 * Seeds ontologies (from, to] into one account, authored by `authorId`, in one transaction.
 * `analyze`: refresh the planner's statistics after, as PostgreSQL's autovacuum would soon do
 * (PGlite has no autovacuum: leave it false there, as a real embedded database would be).
 */
export async function seedAccountOntologies(sql, { baseMs, accountId, authorId, from, to, analyze }) {
  if (from % 100 !== 0 || to % 100 !== 0 || to <= from) throw new Error(`bad seed range (${from}, ${to}]`);
  await sql.query('BEGIN');
  try {
    for (const [statement, params] of stageSql(baseMs, from, to, accountId, authorId)) await sql.query(statement, params);
    await sql.query('COMMIT');
  } catch (error) {
    await sql.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
  if (analyze) await sql.query('ANALYZE');
}
