// Every case, in the order they run. Cases that add lots of data (search-scale) come last.
import commitContended from './commit-contended.mjs';
import commitSeq from './commit-seq.mjs';
import ingestRdfXml from './ingest-rdfxml.mjs';
import ingestTurtle from './ingest-turtle.mjs';
import isolation from './isolation.mjs';
import listMemory from './list-memory.mjs';
import mcpRead from './mcp-read.mjs';
import readOne from './read-one.mjs';
import renderScale from './render-scale.mjs';
import renderWarm from './render-warm.mjs';
import searchScale from './search-scale.mjs';
import storageGrowth from './storage-growth.mjs';

export const CASES = [ingestTurtle, ingestRdfXml, readOne, mcpRead, commitSeq, commitContended, isolation, listMemory, storageGrowth, searchScale, renderWarm, renderScale];
