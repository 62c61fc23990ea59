// Bulk seeding with generate_series, for search-scale: users (one per 10 ontologies), their
// personal accounts, team accounts (one per 100 ontologies, three members each), ontologies
// (one in five in a team account, one in three public) and one small applied commit each.
// Ids are UUIDv7-shaped (time prefix, version 7, variant 8) like the service's own.
// Ranges are ontology numbers (from, to], both multiples of 100, so stages can be added.

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

function stageSql(baseMs, from, to) {
  const id = (kind, n) => uuid(baseMs, kind, n);
  const users = `generate_series(${from / 10 + 1}, ${to / 10}) AS j`;
  const teams = `generate_series(${from / 100 + 1}, ${to / 100}) AS t`;
  const ontologies = `generate_series(${from + 1}, ${to}) AS i`;
  const owner = `CASE WHEN i % 5 = 0 THEN ${id('b12', '(i + 99) / 100')} ELSE ${id('b02', '(i + 9) / 10')} END`;
  return [
    `INSERT INTO users (id, email, name, password_hash, updated_at)
     SELECT ${id('b01', 'j')}, 'seed-' || j || '@example.invalid', 'Seed user ' || j, 'seeded, no password', now() FROM ${users}`,
    `INSERT INTO accounts (id, name, personal, owner_id, updated_at)
     SELECT ${id('b02', 'j')}, 'Seed user ' || j, true, ${id('b01', 'j')}, now() FROM ${users}`,
    `INSERT INTO account_users (id, account_id, user_id, role, updated_at)
     SELECT ${id('b03', 'j')}, ${id('b02', 'j')}, ${id('b01', 'j')}, 'admin', now() FROM ${users}`,
    `INSERT INTO accounts (id, name, personal, owner_id, updated_at)
     SELECT ${id('b12', 't')}, 'Seed team ' || t, false, ${id('b01', 't * 10')}, now() FROM ${teams}`,
    `INSERT INTO account_users (id, account_id, user_id, role, updated_at)
     SELECT ${id('b13', 't * 3 + k')}, ${id('b12', 't')}, ${id('b01', 't * 10 - k')}, CASE WHEN k = 0 THEN 'admin' ELSE 'member' END, now()
     FROM ${teams}, generate_series(0, 2) AS k`,
    `INSERT INTO ontologies (id, account_id, title, visibility, source_format, version, head_hash, head_seq, updated_at)
     SELECT ${id('b04', 'i')}, ${owner},
       (${sqlArray(ADJECTIVES)})[1 + i % ${ADJECTIVES.length}] || ' ' || (${sqlArray(NOUNS)})[1 + (i * 7) % ${NOUNS.length}] || ' ontology ' || i,
       CASE WHEN i % 3 = 0 THEN 'public' ELSE 'private' END, 'other', '1.0.0', md5('h' || i) || md5('g' || i), 1, now()
     FROM ${ontologies}`,
    `INSERT INTO commits (id, ontology_id, seq, commit_hash, message, source_format, status, version, author_id, source, updated_at)
     SELECT ${id('b05', 'i')}, ${id('b04', 'i')}, 1, md5('h' || i) || md5('g' || i), 'Initial version', 'other', 'applied', '1.0.0',
       ${id('b01', '(i + 9) / 10')}, 'Seed ontology ' || i || ': a small free-text source.', now()
     FROM ${ontologies}`,
  ];
}

/** Seeds ontologies (from, to] in one transaction on a client of its own, then ANALYZE. */
export async function seedOntologies(db, baseMs, from, to) {
  if (from % 100 !== 0 || to % 100 !== 0 || to <= from) throw new Error(`bad seed range (${from}, ${to}]`);
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    try {
      for (const statement of stageSql(baseMs, from, to)) await client.query(statement);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
    await client.query('ANALYZE');
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Makes a user a member of the first `count` seeded team accounts. */
export async function joinSeededTeams(db, baseMs, userId, count) {
  await db.query(
    `INSERT INTO account_users (id, account_id, user_id, role, updated_at)
     SELECT ${uuid(baseMs, 'b14', 't')}, ${uuid(baseMs, 'b12', 't')}, $1::uuid, 'member', now() FROM generate_series(1, ${count}) AS t`,
    [userId],
  );
}
