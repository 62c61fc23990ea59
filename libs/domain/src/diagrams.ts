// Diagrams are drawn from ORM2 sources only (issue 7): the one format the renderer reads. The
// REST diagram.svg|png use case and the visualize_ontology tool both ask this rule, before
// anything is queued for rendering; each words the refusal for its own client.

export const DIAGRAM_SOURCE_FORMAT = 'orm';

export function canDrawDiagram(sourceFormat: string): boolean {
  return sourceFormat === DIAGRAM_SOURCE_FORMAT;
}
