// NORMA's namespaces. Elements are matched by URI, never by prefix: a file may bind any
// prefix, and a look-alike file with the right prefixes on other URIs is not ORM2.
export const ORM_ROOT = 'http://schemas.neumont.edu/ORM/2006-04/ORMRoot';
export const ORM_CORE = 'http://schemas.neumont.edu/ORM/2006-04/ORMCore';
export const ORM_DIAGRAM = 'http://schemas.neumont.edu/ORM/2006-04/ORMDiagram';

/** Elements of these namespaces are kept; everything else (ActiveFacts, relational, ...) is skipped. */
export const KEPT_NAMESPACES = new Set([ORM_ROOT, ORM_CORE, ORM_DIAGRAM]);
