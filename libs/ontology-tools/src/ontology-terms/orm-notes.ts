// The definition and note texts NORMA keeps inside object types and fact types
// (<orm:Definitions><orm:Definition><orm:Text> and <orm:Notes><orm:Note><orm:Text>), which the
// ORM model reader leaves out. A streaming pass that keeps only those texts.
import { ORM_CORE } from '@oms/orm';
import { SaxesParser } from 'saxes';

export type OrmTexts = { definition?: string; note?: string };

const OWNERS = new Set(['EntityType', 'ObjectifiedType', 'ValueType', 'Fact']);
const TEXT_PATHS: Record<string, keyof OrmTexts> = { 'Definitions/Definition/Text': 'definition', 'Notes/Note/Text': 'note' };

/** Most models hold no element texts: then no second pass over the XML is needed. */
const MAY_HOLD_TEXTS = /<(?:[\w.-]+:)?(?:Definitions|Notes)[\s>]/;

/** Texts by element id; the first non-empty definition and note of each element. */
export function ormTexts(xml: string): Map<string, OrmTexts> {
  const texts = new Map<string, OrmTexts>();
  if (!MAY_HOLD_TEXTS.test(xml)) return texts;
  const parser = new SaxesParser({ xmlns: true });
  // The open elements under the current owner, as local names; `owner` is undefined outside one.
  let owner: string | undefined;
  let path: string[] = [];
  let collected = '';
  parser.on('opentag', (tag) => {
    if (owner !== undefined) {
      path.push(tag.uri === ORM_CORE ? tag.local : '?');
      collected = '';
      return;
    }
    const id = tag.attributes['id']?.value;
    if (tag.uri === ORM_CORE && OWNERS.has(tag.local) && id) {
      owner = id;
      path = [];
    }
  });
  parser.on('text', (text) => {
    if (owner !== undefined) collected += text;
  });
  parser.on('closetag', () => {
    if (owner === undefined) return;
    if (path.length === 0) {
      owner = undefined;
      return;
    }
    const field = TEXT_PATHS[path.join('/')];
    if (field && collected.trim() !== '') {
      const entry = texts.get(owner) ?? {};
      entry[field] ??= collected.trim();
      texts.set(owner, entry);
    }
    path.pop();
    collected = '';
  });
  parser.on('error', (error) => {
    throw error;
  });
  parser.write(xml.charCodeAt(0) === 0xfeff ? xml.slice(1) : xml).close();
  return texts;
}
