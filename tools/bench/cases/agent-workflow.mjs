// agent-workflow (DESIGN 7, issue 20): the characters an agent receives to answer "what are the
// parents of Hospital in Schema.org at version 1.0.0" with the terms toolset (search_terms, then
// read_term at that version), against the characters of reading that ontology's whole source
// with read_ontology, page after page. Both with a real MCP client at /mcp?toolsets=terms; the
// value and the baseline are the JSON text lengths of the tool results, so the ratio does not
// depend on the machine's load. The ontology gets a second version first, in which Hospital
// loses a parent, so the answer at 1.0.0 differs from the head's and the version is checked.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { readFixture } from '../lib/fixtures.mjs';

const BUDGET = 100_000;
const HOSPITAL = 'https://schema.org/Hospital';
const PARENTS_AT_1_0_0 = ['https://schema.org/CivicStructure', 'https://schema.org/EmergencyService', 'https://schema.org/MedicalOrganization'];
const text = (result) => result.content.map((part) => part.text ?? '').join('\n');

async function connect(url, token) {
  const client = new Client({ name: 'oms-bench-agent', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp?toolsets=terms`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  return client;
}

/** Calls a tool and answers its JSON and the characters the agent received; refuses results over the budget. */
async function call(client, name, args) {
  const result = await client.callTool({ name, arguments: args });
  const chars = text(result).length;
  if (result.isError) throw new Error(`${name} failed: ${text(result).slice(0, 300)}`);
  if (chars > BUDGET) throw new Error(`${name} answered ${chars} characters, over the ${BUDGET} budget`);
  return { json: result.structuredContent ?? JSON.parse(text(result)), chars };
}

export default {
  name: 'agent-workflow',
  unit: 'chars',
  goal: '<= 0.01',
  baseline: "characters of read_ontology pages (default source_length) that carry the ontology's whole source",
  async run(ctx) {
    const { api } = await ctx.newUser('agent-workflow');
    const source = readFixture('owl/schemaorg-30.0.owl');
    const ontology = await api.createOntology({ title: 'Schema.org', source, source_format: 'owl', visibility: 'private' });
    const lessParents = source.replace('\t\t<rdfs:subClassOf rdf:resource="https://schema.org/EmergencyService"/>\n\t\t<rdfs:comment xml:lang="en">A hospital.</rdfs:comment>', '\t\t<rdfs:comment xml:lang="en">A hospital.</rdfs:comment>');
    if (lessParents === source) throw new Error('the Schema.org fixture no longer has the Hospital block this case edits');
    const updated = await api.request('PATCH', `/api/v1/ontologies/${ontology.id}`, { ontology: { source: lessParents }, change_summary: 'Hospital is no EmergencyService' });
    if (updated.status !== 200) throw new Error(`update: ${updated.status} ${updated.text.slice(0, 300)}`);

    const client = await connect(ctx.service.url, api.token);
    try {
      // The agent knows the label and the ontology's title, nothing else.
      const searched = await call(client, 'search_terms', { query: 'Hospital', limit: 5 });
      const hit = searched.json.terms.find((term) => term.ontology_title === 'Schema.org' && (term.match === 'id' || term.match === 'label'));
      if (!hit) throw new Error(`search_terms did not find Hospital in Schema.org: ${JSON.stringify(searched.json.terms.map((term) => term.iri))}`);
      const term = await call(client, 'read_term', { ontology_id: hit.ontology_id, iri: hit.iri, version: '1.0.0' });
      const parents = term.json.parents.map((parent) => parent.iri).sort();
      if (hit.iri !== HOSPITAL || JSON.stringify(parents) !== JSON.stringify(PARENTS_AT_1_0_0)) {
        throw new Error(`read_term at 1.0.0 answered ${hit.iri} with parents ${JSON.stringify(parents)}`);
      }
      const value = searched.chars + term.chars;

      // The other way: read the whole source (of 1.0.0's head at the time, the same size) page by page.
      let joined = '';
      let baseline_value = 0;
      let pages = 0;
      for (let offset = 0; offset !== null; pages += 1) {
        const page = await call(client, 'read_ontology', { id: ontology.id, source_offset: offset });
        joined += page.json.source;
        baseline_value += page.chars;
        offset = page.json.next_source_offset;
      }
      if (joined !== lessParents) throw new Error('the read_ontology pages do not join to the source');
      ctx.log(
        `search_terms ${searched.chars} + read_term ${term.chars} = ${value} characters; ` +
          `read_ontology: ${pages} pages, ${baseline_value} characters for a ${lessParents.length}-character source`,
      );
      return { value, baseline_value, details: { search_terms_chars: searched.chars, read_term_chars: term.chars, read_ontology_pages: pages, source_chars: lessParents.length } };
    } finally {
      await client.close();
    }
  },
};
