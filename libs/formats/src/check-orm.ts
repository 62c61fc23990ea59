// ORM2 as NORMA writes it. Namespace URIs are compared, never prefixes: a file that binds
// "ormRoot:" to some other URI only looks like ORM2 and must be refused.
import { ACCEPTED, refuse, type SourceCheck } from './position.js';
import { prepareXml } from './xml-safety.js';
import { checkWellFormed, type XmlName } from './xml-wellformed.js';

const ORM_ROOT = 'http://schemas.neumont.edu/ORM/2006-04/ORMRoot';
const ORM_CORE = 'http://schemas.neumont.edu/ORM/2006-04/ORMCore';

// NORMA's files nest about 15 levels; the ORM model reader (libs/orm) refuses more than 200,
// so a deeper file accepted here could never be read back as a model.
export const MAX_ORM_DEPTH = 200;

const isModel = (name: XmlName) => name.uri === ORM_CORE && name.local === 'ORMModel';

export function checkOrm(text: string): SourceCheck {
  const prepared = prepareXml(text);
  if (!prepared.ok) return prepared;
  const outline = checkWellFormed(prepared, { maxDepth: MAX_ORM_DEPTH });
  if (!outline.ok) return outline;
  const { root, rootAt, children } = outline;
  if (isModel(root)) return ACCEPTED;
  if (root.uri === ORM_ROOT && root.local === 'ORM2') {
    if (children.some(isModel)) return ACCEPTED;
    return refuse(`the ORM2 root element holds no ORMModel element in the namespace ${ORM_CORE}`, rootAt);
  }
  const found = root.uri ? `{${root.uri}}${root.local}` : root.local;
  return refuse(
    `this is not an ORM2 document: the root element is ${found}, not ORM2 in ${ORM_ROOT} or ORMModel in ${ORM_CORE}`,
    rootAt,
  );
}
