// External constraint symbols (circles with a bar, X, =, ⊆, dot, range or ring text) and
// model notes, each in its saved box, grown when its text would not fit.
import { comparisonText, frequencyText, ringText } from './constraint-text.js';
import { PX_PER_INCH } from './geometry.js';
import type { Box, ConstraintNode, ConstraintSymbol, NoteNode } from './layout-types.js';
import { deonticMark } from './model-index.js';
import type { OrmConstraint, OrmModelNote } from './model.js';
import { lineHeight } from './object-type-node.js';
import { blockWidth, MAX_LINES, textWidth, WRAP_WIDTH, wrapText } from './text-metrics.js';

/** NORMA's external constraint circle is 0.16 in across. */
export const SYMBOL_SIZE = 0.16 * PX_PER_INCH;

function symbolOf(constraint: OrmConstraint): ConstraintSymbol {
  switch (constraint.kind) {
    case 'uniqueness':
      return constraint.preferredIdentifierFor ? 'preferredUniqueness' : 'uniqueness';
    case 'mandatory':
      return constraint.exclusiveOrWith ? 'exclusiveOr' : 'inclusiveOr';
    case 'exclusion':
      return constraint.exclusiveOrWith ? 'exclusiveOr' : 'exclusion';
    case 'equality':
    case 'subset':
    case 'frequency':
    case 'ring':
    case 'valueComparison':
      return constraint.kind;
    default:
      return 'uniqueness';
  }
}

function labelOf(constraint: OrmConstraint): string | undefined {
  if (constraint.kind === 'frequency') return frequencyText(constraint);
  if (constraint.kind === 'ring') return ringText(constraint.ringType);
  if (constraint.kind === 'valueComparison') return comparisonText(constraint.operator);
  return undefined;
}

export function constraintNode(constraint: OrmConstraint, options: { id: string; box: Box; computed: boolean; fontSize: number }): ConstraintNode {
  const label = labelOf(constraint);
  let box = options.box;
  if (label) {
    // Frequency and ring symbols hold text; keep the centre, grow to fit it.
    const width = Math.max(box.width, textWidth(label, options.fontSize * 0.9) + 6);
    const height = Math.max(box.height, options.fontSize * 1.4);
    box = { x: box.x - (width - box.width) / 2, y: box.y - (height - box.height) / 2, width, height };
  }
  return { id: options.id, constraintId: constraint.id, symbol: symbolOf(constraint), box, ...(label ? { label } : {}), computed: options.computed, ...deonticMark(constraint) };
}

export function noteNode(note: OrmModelNote, options: { id: string; box: Box; computed: boolean; fontSize: number }): NoteNode {
  // Only lines far wider than the saved box wrap (its width fits NORMA's font, not ours); very long notes are cut short.
  const lines = wrapText(note.text, Math.max(options.box.width * 1.5, WRAP_WIDTH.note), options.fontSize, MAX_LINES.note);
  const width = Math.max(options.box.width, blockWidth(lines, options.fontSize) + 8);
  const height = Math.max(options.box.height, lines.length * lineHeight(options.fontSize) + 6);
  return { id: options.id, noteId: note.id, lines, box: { ...options.box, width, height }, computed: options.computed };
}
