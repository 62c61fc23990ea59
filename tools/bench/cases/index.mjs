// Every case, in the order they run. Cases that add lots of data (search-scale) come last.
import agentWorkflow from './agent-workflow.mjs';
import commitContended from './commit-contended.mjs';
import commitSeq from './commit-seq.mjs';
import diff from './diff.mjs';
import download from './download.mjs';
import ingestRdfXml from './ingest-rdfxml.mjs';
import ingestLarge from './ingest-large.mjs';
import ingestTurtle from './ingest-turtle.mjs';
import isolation from './isolation.mjs';
import listMemory from './list-memory.mjs';
import memory from './memory.mjs';
import mcpRead from './mcp-read.mjs';
import readOne from './read-one.mjs';
import renderScale from './render-scale.mjs';
import renderWarm from './render-warm.mjs';
import searchScale from './search-scale.mjs';
import commitTerms from './commit-terms.mjs';
import storageGrowth from './storage-growth.mjs';
import termsChildren from './terms-children.mjs';
import termsSearchScale from './terms-search-scale.mjs';
import webOntologyPage from './web-ontology-page.mjs';
import webTermPage from './web-term-page.mjs';

export const CASES = [ingestTurtle, ingestRdfXml, ingestLarge, memory, readOne, mcpRead, agentWorkflow, commitSeq, commitContended, isolation, listMemory, download, diff, storageGrowth, commitTerms, termsChildren, webOntologyPage, webTermPage, searchScale, termsSearchScale, renderWarm, renderScale];
