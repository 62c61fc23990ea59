// Ids are UUIDs (v7 for new rows). They are accepted in any case and always handled in lower
// case, as the database prints them: an id from a client is compared with stored ones only
// after it is lower-cased. @oms/contracts' `uuid` schema is the parser built on this pattern.

/** A UUID in either case (the loose form: any version and variant digits). */
export const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
