// The text NORMA shows next to a fact type. A binary reads "has", or "has / is of" when a
// reading exists in both directions; a reading against the displayed role order gets "◄";
// unaries drop their placeholder; longer fact types show every placeholder as "…".
import type { OrmFactType } from './model.js';

const PLACEHOLDER = /\{(\d+)\}/g;

/** Only the words between placeholders, for "{0} has {1}" and "{0} is long". */
function predicate(text: string, roles: number): string | undefined {
  const trimmed = text.trim();
  if (roles === 1) {
    const unary = /^\{0\}\s*(.*)$/s.exec(trimmed);
    return unary?.[1]?.trim();
  }
  const binary = /^\{\d+\}\s*(.*?)\s*\{\d+\}$/s.exec(trimmed);
  return binary && !/\{\d+\}/.test(binary[1] ?? '') ? (binary[1] ?? '').trim() : undefined;
}

function withEllipses(text: string): string {
  return text.replace(PLACEHOLDER, '…').replace(/\s+/g, ' ').trim();
}

function shown(text: string, roles: number): string {
  return predicate(text, roles) ?? withEllipses(text);
}

const sameOrder = (a: string[], b: string[]) => a.length === b.length && a.every((id, index) => id === b[index]);

/** The reading for `displayOrder` (role ids left to right), or undefined when there is none. */
export function readingText(factType: OrmFactType, displayOrder: string[]): string | undefined {
  const orders = factType.readingOrders.filter((order) => order.readings.some((reading) => reading.trim() !== ''));
  const first = (order: (typeof orders)[number] | undefined) => order?.readings.find((reading) => reading.trim() !== '');
  const forward = first(orders.find((order) => sameOrder(order.roleIds, displayOrder)));
  const reversed = first(orders.find((order) => sameOrder(order.roleIds, [...displayOrder].reverse())));
  const roles = displayOrder.length;
  if (roles === 2 && forward !== undefined && reversed !== undefined) return `${shown(forward, 2)} / ${shown(reversed, 2)}`;
  if (forward !== undefined) return shown(forward, roles);
  if (reversed !== undefined) return `◄ ${shown(reversed, roles)}`;
  const any = first(orders[0]);
  return any === undefined ? undefined : withEllipses(any);
}
