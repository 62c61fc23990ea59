// Small helpers for writing SVG as text: every attribute value and text node is escaped,
// and numbers are rounded to 2 decimals so the same layout always gives the same bytes.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text and attribute values; also drops characters XML 1.0 does not allow at all. */
export function escapeXml(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

export function num(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

export type Attributes = Record<string, string | number | undefined>;

function attributes(attrs: Attributes): string {
  return Object.entries(attrs)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${typeof value === 'number' ? num(value) : escapeXml(value)}"`)
    .join('');
}

/** An element; `content` is markup already built with these helpers (or omitted). */
export function el(name: string, attrs: Attributes, content?: string): string {
  return content === undefined ? `<${name}${attributes(attrs)}/>` : `<${name}${attributes(attrs)}>${content}</${name}>`;
}

export const VIOLET = '#7b3fa0';
/** NORMA draws deontic constraints in blue instead of violet. */
export const DEONTIC_BLUE = '#0000ff';
/** The same markup with violet swapped for the deontic blue. */
export const deonticColour = (markup: string): string => markup.replaceAll(VIOLET, DEONTIC_BLUE);
export const INK = '#000000';
export const NOTE_GREY = '#808080';
export const FONT_STACK = "Tahoma, 'Segoe UI', 'Liberation Sans', Arial, Helvetica, sans-serif";
