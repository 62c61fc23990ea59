// The size budget of every agent tool result (DESIGN 7): its JSON text is at most 100,000
// characters (UTF-16 code units, as JavaScript counts them), and a source is read in pages.

/** The most characters a tool result's JSON text (and its structuredContent as JSON) may have. */
export const TOOL_RESULT_MAX_CHARS = 100_000;
/** How many source characters read_ontology and read_commit return when not told otherwise. */
export const SOURCE_PAGE_DEFAULT_CHARS = 60_000;
/** The largest source_length an agent may ask for. */
export const SOURCE_PAGE_MAX_CHARS = 90_000;
