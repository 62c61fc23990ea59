// Generated ontologies for the term cases. `oboLikeTurtle`: classes with a label, two exact
// synonyms, a definition and a parent (fan-out 10, so a hierarchy), as OBO ontologies write
// them. `wideTurtle`: one root class with many children (terms-children, web-term-page).
// `seedTerms`: the same shape of term rows written by bulk SQL into `terms` for the
// search-scale case (the columns as the service's termSearchColumns computes them for ASCII
// text: lower case, words are runs of letters and digits), with ontologies and head commits.

export const RARE_WORD = 'zyzzyvorax';
const ADJECTIVES = ['open', 'core', 'applied', 'shared', 'basic', 'extended', 'regional', 'clinical', 'legal', 'marine', 'urban', 'rural', 'formal'];
const NOUNS = [
  'tardigrade', 'harbour', 'lichen', 'glacier', 'sparrow', 'turbine', 'meadow', 'quarry', 'violin', 'lantern',
  'cobalt', 'pylon', 'walrus', 'orchard', 'basalt', 'ferry', 'saffron', 'bracket', 'nebula', 'granary',
  'pelican', 'rivet', 'tundra', 'sextant', 'mosaic', 'kelp', 'abacus', 'falcon', 'dynamo', 'prairie',
  'chisel', 'opal', 'beacon', 'marrow', 'cistern', 'juniper', 'rampart', 'quill', 'vortex', 'ledger',
  'ember', 'gazebo', 'hemlock', 'iguana', 'jasper', 'kiln', 'locust', 'mortar', 'nectar', 'osprey',
];
const word = (list, n) => list[n % list.length];

/** An OBO-like Turtle source of `classes` classes (about 330 bytes each); `variant` changes every label. */
export function oboLikeTurtle({ classes, namespace = 'http://bench.example.org/obo/BENCH_', variant = '' }) {
  const lines = [
    '@prefix owl: <http://www.w3.org/2002/07/owl#> .',
    '@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .',
    '@prefix oio: <http://www.geneontology.org/formats/oboInOwl#> .',
    '@prefix obo: <http://purl.obolibrary.org/obo/> .',
    `@prefix b: <${namespace}> .`,
    '',
  ];
  for (let i = 1; i <= classes; i += 1) {
    const id = String(i).padStart(7, '0');
    const [adjective, noun, other] = [word(ADJECTIVES, i * 3), word(NOUNS, i * 7), word(NOUNS, i * 11 + 5)];
    const parent = i > 1 ? ` ;\n  rdfs:subClassOf b:${String(Math.floor(i / 10) || 1).padStart(7, '0')}` : '';
    lines.push(
      `b:${id} a owl:Class ;\n  rdfs:label "${adjective} ${noun} of the ${other} ${i}${variant}" ;\n` +
        `  oio:hasExactSynonym "${noun} ${adjective} ${i}" , "${other} ${noun} form ${i}" ;\n` +
        `  obo:IAO_0000115 "A ${adjective} kind of ${noun} found near the ${other}, generated as term ${i}."${parent} .`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * A Turtle source of `c:Root` (labelled "root") and `children` classes `c:K1`... under it,
 * labelled "child number <i>", in `namespace` (about 100 bytes a class).
 */
export function wideTurtle({ children, namespace }) {
  const lines = ['@prefix owl: <http://www.w3.org/2002/07/owl#> .', '@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .', `@prefix c: <${namespace}> .`, ''];
  lines.push('c:Root a owl:Class ; rdfs:label "root" .');
  for (let i = 1; i <= children; i += 1) lines.push(`c:K${i} a owl:Class ; rdfs:label "child number ${i}" ; rdfs:subClassOf c:Root .`);
  return `${lines.join('\n')}\n`;
}

const uuid = (baseMs, kind, n) => `(lpad(to_hex(${baseMs}::bigint + (${n})), 12, '0') || '7${kind}8' || lpad(to_hex(${n}), 15, '0'))::uuid`;
const sqlArray = (words) => `ARRAY[${words.map((w) => `'${w}'`).join(',')}]`;
const wordsOf = (text) => `ARRAY(SELECT DISTINCT w FROM unnest(regexp_split_to_array(${text}, '[^a-z0-9]+')) w WHERE w <> '')`;

/**
 * Ontologies (from, to] of `accountId` (public), each with one applied commit (terms indexed)
 * and `perOntology` head terms. Ontology 1 holds the ten planted terms labelled RARE_WORD
 * (terms 1000, 2000, ... 10000); term 5001 of every ontology has RARE_WORD in a synonym
 * ("<rare> like ...": a synonym prefix) and its definition, the hits that must come after them.
 */
export async function seedTerms(sql, { baseMs, accountId, authorId, from, to, perOntology }) {
  const o = `${uuid(baseMs, 'b06', 'n')}`;
  const statements = [
    [
      `INSERT INTO ontologies (id, account_id, title, visibility, source_format, version, head_hash, head_seq, updated_at)
       SELECT ${o}, $1::uuid, 'Generated terms ' || n, 'public', 'turtle', '1.0.0', md5('t' || n) || md5('u' || n), 1, now()
       FROM generate_series(${from + 1}, ${to}) AS n`,
      [accountId],
    ],
    [
      `INSERT INTO commits (id, ontology_id, seq, commit_hash, message, source_format, status, version, author_id, updated_at, terms_indexed)
       SELECT ${uuid(baseMs, 'b07', 'n')}, ${o}, 1, md5('t' || n) || md5('u' || n), 'Initial version', 'turtle', 'applied', '1.0.0', $1::uuid,
         now(), TRUE
       FROM generate_series(${from + 1}, ${to}) AS n`,
      [authorId],
    ],
    // The source store's `plain` form (libs/db/src/source-store), as seed.mjs writes it.
    [
      `INSERT INTO commit_sources (commit_id, ontology_id, base_id, depth, codec, bytes, sha256, pieces, stored_bytes)
       SELECT ${uuid(baseMs, 'b07', 'n')}, ${o}, NULL, 0, 'plain', octet_length(s.b), encode(sha256(s.b), 'hex'), 1, octet_length(s.b)
       FROM generate_series(${from + 1}, ${to}) AS n, LATERAL (SELECT convert_to('# generated terms ' || n, 'UTF8') AS b) s`,
      [],
    ],
    [
      `INSERT INTO commit_source_pieces (commit_id, n, data)
       SELECT ${uuid(baseMs, 'b07', 'n')}, 0, convert_to('# generated terms ' || n, 'UTF8')
       FROM generate_series(${from + 1}, ${to}) AS n`,
      [],
    ],
    [
      `INSERT INTO terms ("ontology_id", "iri", "from_seq", "digest", "curie", "kind", "label", "synonyms", "definition", "deprecated", "replaced_by", "parents",
         "annotations", "id_keys", "label_norm", "synonyms_norm", "name_words", "definition_words")
       SELECT ontology_id, iri, 1, md5(iri), curie, 'class', label, synonyms, definition, FALSE, '{}', parents, '[]'::jsonb,
         id_keys, lower(label), synonyms, ${wordsOf(`lower(label) || ' ' || array_to_string(synonyms, ' ')`)}, ${wordsOf('lower(definition)')}
       FROM (
         SELECT ontology_id, iri, curie, ARRAY[lower(iri), lower(curie), lower(local)] AS id_keys, parents,
           CASE WHEN n = 1 AND i % 1000 = 0 THEN '${RARE_WORD}' ELSE adjective || ' ' || noun || ' of the ' || other || ' ' || i END AS label,
           CASE WHEN i = 5001 THEN ARRAY['${RARE_WORD} like ' || noun, noun || ' ' || adjective || ' ' || i] ELSE ARRAY[noun || ' ' || adjective || ' ' || i, other || ' ' || noun || ' form ' || i] END AS synonyms,
           'A ' || adjective || ' kind of ' || noun || ' found near the ' || other || CASE WHEN i = 5001 THEN ' and the ${RARE_WORD}' ELSE '' END || ', generated as term ' || i || '.' AS definition
         FROM (
           SELECT n, i, ${o} AS ontology_id,
             'http://bench.example.org/terms/o' || n || '/T' || lpad(i::text, 7, '0') AS iri,
             'bo' || n || ':T' || lpad(i::text, 7, '0') AS curie, 'T' || lpad(i::text, 7, '0') AS local,
             CASE WHEN i > 1 THEN ARRAY['http://bench.example.org/terms/o' || n || '/T' || lpad(greatest(i / 10, 1)::text, 7, '0')] ELSE '{}'::text[] END AS parents,
             (${sqlArray(ADJECTIVES)})[1 + (i * 3) % ${ADJECTIVES.length}] AS adjective,
             (${sqlArray(NOUNS)})[1 + (i * 7) % ${NOUNS.length}] AS noun,
             (${sqlArray(NOUNS)})[1 + (i * 11 + 5) % ${NOUNS.length}] AS other
           FROM generate_series(${from + 1}, ${to}) AS n, generate_series(1, ${perOntology}) AS i
         ) base
       ) named`,
      [],
    ],
  ];
  await sql.query('BEGIN');
  try {
    for (const [statement, params] of statements) await sql.query(statement, params);
    await sql.query('COMMIT');
  } catch (error) {
    await sql.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
