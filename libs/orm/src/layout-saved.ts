// Nodes for the shapes an author saved on one ORMDiagram, at their AbsoluteBounds.
// Shapes whose subject is not in the model (NORMA artefacts, dangling refs) are left out.
import { factTypeNode } from './fact-type-node.js';
import { fromInches } from './geometry.js';
import type { ConstraintNode, FactTypeNode, Label, NoteNode, ObjectTypeNode } from './layout-types.js';
import type { ModelIndex } from './model-index.js';
import type { OrmDiagram } from './model.js';
import { objectTypeNode, valueConstraintLabel } from './object-type-node.js';
import { constraintNode, noteNode } from './symbol-nodes.js';

export type PlacedNodes = {
  objectTypes: ObjectTypeNode[];
  factTypes: FactTypeNode[];
  constraints: ConstraintNode[];
  notes: NoteNode[];
  labels: Label[];
};

export const emptyNodes = (): PlacedNodes => ({ objectTypes: [], factTypes: [], constraints: [], notes: [], labels: [] });

export function placeSavedShapes(index: ModelIndex, diagram: OrmDiagram, fontSize: number): PlacedNodes {
  const nodes = emptyNodes();
  const copies = new Map<string, number>();
  for (const shape of diagram.shapes) {
    if (shape.kind === 'objectType') copies.set(shape.subjectId, (copies.get(shape.subjectId) ?? 0) + 1);
  }
  for (const shape of diagram.shapes) {
    if (!shape.bounds) continue;
    const box = fromInches(shape.bounds);
    const base = { id: shape.id, box, computed: false, fontSize };
    const valueLabels = () => {
      for (const item of shape.relative) {
        const label = item.kind === 'valueConstraint' && item.bounds ? valueConstraintLabel(index, item.subjectId, fromInches(item.bounds), fontSize) : undefined;
        if (label) nodes.labels.push(label);
      }
    };
    if (shape.kind === 'objectType') {
      const objectType = index.objectTypes.get(shape.subjectId);
      if (!objectType || objectType.isImplicitBoolean) continue;
      nodes.objectTypes.push(objectTypeNode(objectType, { ...base, expandRefMode: shape.expandRefMode, shadow: (copies.get(objectType.id) ?? 0) > 1 }));
      valueLabels();
    } else if (shape.kind === 'factType') {
      const factType = index.factTypes.get(shape.subjectId);
      if (!factType || factType.roles.length === 0) continue;
      nodes.factTypes.push(factTypeNode(index, factType, { ...base, shape }));
      valueLabels();
    } else if (shape.kind === 'modelNote') {
      const note = index.notes.get(shape.subjectId);
      if (note) nodes.notes.push(noteNode(note, base));
    } else {
      const constraint = index.constraints.get(shape.subjectId);
      if (constraint && constraint.kind !== 'value') nodes.constraints.push(constraintNode(constraint, base));
    }
  }
  return nodes;
}
