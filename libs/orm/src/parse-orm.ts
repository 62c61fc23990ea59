// parseOrm: NORMA's ORM2 XML (BOM, CRLF, ORMRoot/ORMCore/ORMDiagram namespaces) to a
// typed model. The root must be ORM2 in the ORMRoot namespace (holding one ORMModel) or a
// bare ORMModel; anything else is refused with a sentence that names what was found.
import { deriveRoleFlags, linkObjectifications, resolveRoleProxies } from './derive-model.js';
import { OrmParseError } from './errors.js';
import type { OrmModel, OrmModelNote } from './model.js';
import { ORM_CORE, ORM_DIAGRAM, ORM_ROOT } from './namespaces.js';
import { parseConstraints } from './parse-constraints.js';
import { parseDiagram } from './parse-diagrams.js';
import { parseFacts } from './parse-facts.js';
import { parseDataTypeNames, parseObjects } from './parse-objects.js';
import { parseReferenceModeTable, resolveReferenceModes } from './reference-modes.js';
import { childNamed, childrenNamed, parseXmlTree, type XmlElement } from './xml-tree.js';

function locateModel(root: XmlElement): { model: XmlElement; diagrams: XmlElement[] } {
  const at = { line: root.line, column: Math.max(1, root.column) };
  if (root.uri === ORM_CORE && root.local === 'ORMModel') return { model: root, diagrams: [] };
  if (root.uri === ORM_ROOT && root.local === 'ORM2') {
    const model = childNamed(root, ORM_CORE, 'ORMModel');
    if (!model) throw new OrmParseError(`the ORM2 root element holds no ORMModel element in the namespace ${ORM_CORE}`, at);
    return { model, diagrams: childrenNamed(root, ORM_DIAGRAM, 'ORMDiagram') };
  }
  const found = root.uri ? `{${root.uri}}${root.local}` : root.local;
  throw new OrmParseError(
    `this is not an ORM2 document: the root element is ${found}, not ORM2 in ${ORM_ROOT} or ORMModel in ${ORM_CORE}`,
    at,
  );
}

function parseNotes(notes: XmlElement | undefined): OrmModelNote[] {
  return childrenNamed(notes, ORM_CORE, 'ModelNote').map((note) => ({
    id: note.attrs.get('id') ?? '',
    // CRLF files keep "\r\n" inside text; a note is shown line by line.
    text: (childNamed(note, ORM_CORE, 'Text')?.text ?? '').replace(/\r\n?/g, '\n'),
    referencedIds: (childNamed(note, ORM_CORE, 'ReferencedBy')?.children ?? []).map((child) => child.attrs.get('ref') ?? '').filter(Boolean),
  }));
}

export function parseOrm(xml: string): OrmModel {
  const { root } = parseXmlTree(xml);
  const { model, diagrams } = locateModel(root);
  const child = (local: string) => childNamed(model, ORM_CORE, local);

  const objects = parseObjects(child('Objects'), parseDataTypeNames(child('DataTypes')));
  const implicitBooleans = new Set(objects.objectTypes.filter((objectType) => objectType.isImplicitBoolean).map((objectType) => objectType.id));
  const facts = parseFacts(child('Facts'), implicitBooleans);
  const artefacts = new Set([...facts.subtypeFactConstraintIds, ...facts.linkFactConstraintIds]);
  const parsed = parseConstraints(child('Constraints'), artefacts);
  const skippedIds = new Set(parsed.skippedIds);
  const constraints = [...parsed.constraints, ...objects.valueConstraints, ...facts.roleValueConstraints];

  resolveRoleProxies(constraints, facts.roleProxies);
  for (const factType of facts.factTypes) {
    // Internal constraints NORMA derived (IsImplied) are not listed on the fact type either.
    factType.internalConstraintIds = factType.internalConstraintIds.filter((id) => !skippedIds.has(id));
  }
  deriveRoleFlags(facts.factTypes, constraints);
  linkObjectifications(objects.objectTypes, facts.factTypes);
  resolveReferenceModes(objects.objectTypes, facts.factTypes, constraints, parseReferenceModeTable(model));

  return {
    id: model.attrs.get('id') ?? '',
    name: model.attrs.get('Name') ?? '',
    objectTypes: objects.objectTypes,
    factTypes: facts.factTypes,
    subtypeFacts: facts.subtypeFacts,
    constraints,
    notes: parseNotes(child('ModelNotes')),
    diagrams: diagrams.map(parseDiagram),
    skipped: {
      impliedConstraints: parsed.implied,
      subtypeFactConstraints: [...facts.subtypeFactConstraintIds].filter((id) => skippedIds.has(id)).length,
      linkFactTypes: facts.linkFactTypes,
      linkFactConstraints: [...facts.linkFactConstraintIds].filter((id) => skippedIds.has(id)).length,
    },
  };
}
