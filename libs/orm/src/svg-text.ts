// Text in SVG: one <text> per label, a <tspan> per line, coloured by what it belongs to.
import type { Label } from './layout-types.js';
import { DEONTIC_BLUE, el, escapeXml, INK, NOTE_GREY, num, VIOLET } from './svg-writer.js';

const TONES: Record<Label['tone'], string> = { text: INK, constraint: VIOLET, deontic: DEONTIC_BLUE, note: NOTE_GREY };

export function textLines(lines: string[], x: number, y: number, anchor: Label['anchor'], fill: string, lineHeight: number, size?: number): string {
  const spans = lines.map((line, index) => `<tspan x="${num(x)}"${index === 0 ? '' : ` dy="${num(lineHeight)}"`}>${escapeXml(line)}</tspan>`).join('');
  return el('text', { x, y, 'text-anchor': anchor, fill, 'font-size': size }, spans);
}

export function label(item: Label, fontSize: number): string {
  return textLines(item.text.split('\n'), item.x, item.y, item.anchor, TONES[item.tone], fontSize * 1.2);
}

/**
 * The same text as a white outline. All halos are drawn before all texts, so a connector
 * passing under a label does not strike it through, yet two close labels never erase each other.
 */
export function labelHalo(item: Label, fontSize: number): string {
  const text = textLines(item.text.split('\n'), item.x, item.y, item.anchor, '#ffffff', fontSize * 1.2);
  return text.replace('<text ', '<text stroke="#ffffff" stroke-width="3" stroke-linejoin="round" ');
}
