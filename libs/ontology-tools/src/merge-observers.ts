// Several collectors on the one validating parse (metrics and terms): every callback any of
// the observers has is called for each of them, in the order given.
import type { SourceObserver } from '@oms/formats';

export function mergeObservers(...observers: SourceObserver[]): SourceObserver {
  const merged: SourceObserver = {};
  const quads = observers.flatMap((observer) => (observer.quad ? [observer.quad] : []));
  const prefixes = observers.flatMap((observer) => (observer.prefix ? [observer.prefix] : []));
  const values = observers.flatMap((observer) => (observer.value ? [observer.value] : []));
  if (quads.length > 0) merged.quad = (quad) => quads.forEach((callback) => callback(quad));
  if (prefixes.length > 0) merged.prefix = (prefix, iri) => prefixes.forEach((callback) => callback(prefix, iri));
  if (values.length > 0) merged.value = (value) => values.forEach((callback) => callback(value));
  return merged;
}
