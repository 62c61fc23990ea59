// @oms/orm: read NORMA ORM2 files, lay out their diagrams and draw them as SVG. Pure
// functions over strings and plain objects; no I/O.
export { OrmParseError, UnknownDiagramError } from './errors.js';
export { parseOrm } from './parse-orm.js';
export { summarize, type OrmSummary } from './summary.js';
export { layoutDiagram, type LayoutOptions } from './layout-diagram.js';
export { renderSvg, type RenderCounts, type RenderOptions, type RenderResult } from './render-svg.js';
export { ORM_CORE, ORM_DIAGRAM, ORM_ROOT } from './namespaces.js';
export type * from './model.js';
export type * from './layout-types.js';
