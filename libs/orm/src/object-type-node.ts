// An object type shape: the saved bounds, widened about their centre when the name would
// not fit in the fonts a browser actually has, and its value-constraint text if saved.
import { valueConstraintText } from './constraint-text.js';
import type { Box, Label, ObjectTypeNode } from './layout-types.js';
import type { ModelIndex } from './model-index.js';
import type { OrmObjectType } from './model.js';
import { decorateReferenceMode } from './reference-modes.js';
import { blockWidth, MAX_LINES, WRAP_WIDTH, wrapText } from './text-metrics.js';

export const lineHeight = (fontSize: number) => fontSize * 1.2;
/** The baseline of the first of `count` lines centred as a block on `centreY`. */
export const firstBaseline = (centreY: number, count: number, fontSize: number): number => centreY - ((count - 1) * lineHeight(fontSize)) / 2 + fontSize * 0.35;

/** Lines centred as a block in `box`. */
export const centredLabel = (lines: string[], box: Box, fontSize: number, tone: Label['tone'] = 'text'): Label => ({
  text: lines.join('\n'),
  x: box.x + box.width / 2,
  y: firstBaseline(box.y + box.height / 2, lines.length, fontSize),
  anchor: 'middle',
  tone,
});
const PADDING_X = 5;
const PADDING_Y = 3;

export function objectTypeLines(objectType: OrmObjectType, expandRefMode: boolean): { name: string; referenceMode?: string } {
  const name = objectType.isIndependent ? `${objectType.name} !` : objectType.name;
  const mode = objectType.kind === 'entity' && objectType.referenceMode && !expandRefMode ? decorateReferenceMode(objectType.referenceMode, objectType.referenceModeKind) : undefined;
  return mode ? { name, referenceMode: mode } : { name };
}

/** The name wrapped to lines, then the reference mode: the text inside an object type shape. */
function shapeTexts(lines: { name: string; referenceMode?: string }, fontSize: number): string[] {
  const name = wrapText(lines.name, WRAP_WIDTH.name, fontSize, MAX_LINES.name);
  const mode = lines.referenceMode ? wrapText(`(${lines.referenceMode})`, WRAP_WIDTH.name, fontSize, 2) : [];
  return [...name, ...mode];
}

/** The smallest box that holds these lines inside an object type shape. */
const textSize = (texts: string[], fontSize: number) => ({ width: blockWidth(texts, fontSize) + 2 * PADDING_X, height: texts.length * lineHeight(fontSize) + 2 * PADDING_Y });

/** The smallest box that holds the text, as a computed layout sizes an object type. */
export function objectTypeSize(objectType: OrmObjectType, fontSize: number): { width: number; height: number } {
  return textSize(shapeTexts(objectTypeLines(objectType, false), fontSize), fontSize);
}

function fit(box: Box, size: { width: number; height: number }): Box {
  const width = Math.max(box.width, size.width);
  const height = Math.max(box.height, size.height);
  return { x: box.x - (width - box.width) / 2, y: box.y - (height - box.height) / 2, width, height };
}

export function objectTypeNode(
  objectType: OrmObjectType,
  options: { id: string; box: Box; expandRefMode: boolean; shadow: boolean; computed: boolean; fontSize: number },
): ObjectTypeNode {
  const lines = objectTypeLines(objectType, options.expandRefMode);
  const texts = shapeTexts(lines, options.fontSize);
  return {
    id: options.id,
    objectTypeId: objectType.id,
    kind: objectType.kind,
    name: lines.name,
    textLines: texts,
    ...(lines.referenceMode ? { referenceMode: lines.referenceMode } : {}),
    independent: objectType.isIndependent,
    shadow: options.shadow,
    box: fit(options.box, textSize(texts, options.fontSize)),
    computed: options.computed,
  };
}

/** A long value list broken into lines, as drawn and as a computed layout sizes it. */
export const valueConstraintLines = (text: string, fontSize: number): string[] => wrapText(text, WRAP_WIDTH.value, fontSize, MAX_LINES.value);

/** Numbers stay unquoted for numeric data types, as NORMA writes them. */
function isNumeric(objectType: OrmObjectType | undefined): boolean {
  return /Numeric|Decimal|Float|Money|Integer|AutoCounter/i.test(objectType?.dataType?.name ?? '');
}

/** A value constraint's text as drawn (lines) and its colour; undefined when `constraintId` is no value constraint. */
export function valueConstraintDrawing(index: ModelIndex, constraintId: string, fontSize: number): { lines: string[]; tone: Label['tone'] } | undefined {
  const constraint = index.constraints.get(constraintId);
  if (!constraint || constraint.kind !== 'value') return undefined;
  const role = constraint.constrainedId ? index.roles.get(constraint.constrainedId) : undefined;
  const owner = index.objectTypes.get(role?.playerId ?? constraint.constrainedId ?? '');
  const lines = valueConstraintLines(valueConstraintText(constraint, isNumeric(owner)), fontSize);
  return { lines, tone: constraint.modality === 'deontic' ? 'deontic' : 'constraint' };
}

/** Value-constraint text centred in its saved box (or over `fallback` when computed). */
export function valueConstraintLabel(index: ModelIndex, constraintId: string, box: Box, fontSize: number): Label | undefined {
  const drawing = valueConstraintDrawing(index, constraintId, fontSize);
  return drawing && { ...centredLabel(drawing.lines, box, fontSize, drawing.tone), constraintId };
}
