// A fact type as people read it: its first reading with the role players' names in place of
// the placeholders ("{0} was born in {1}" reads "Person was born in Country").
import type { OrmFactType, OrmModel } from '@oms/orm';

/** Object type names by id, built once per model. */
export const objectTypeNames = (model: OrmModel): Map<string, string> => new Map(model.objectTypes.map((objectType) => [objectType.id, objectType.name]));

/** The reading `text` of `order` filled in; a placeholder without a player stays as written. */
export function fillReading(factType: OrmFactType, roleIds: readonly string[], text: string, names: ReadonlyMap<string, string>): string {
  const roles = new Map(factType.roles.map((role) => [role.id, role]));
  return text.replace(/\{(\d+)\}/g, (whole, index: string) => {
    const role = roles.get(roleIds[Number(index)] ?? '');
    return role?.playerId ? (names.get(role.playerId) ?? whole) : whole;
  });
}

export function firstReading(factType: OrmFactType, names: ReadonlyMap<string, string>): string | undefined {
  const order = factType.readingOrders[0];
  const text = order?.readings[0];
  return order && text !== undefined ? fillReading(factType, order.roleIds, text, names) : undefined;
}
