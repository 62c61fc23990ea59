import type { ToolOntology } from '@oms/contracts';
import type { OntologyWithHead } from '@oms/db';
import { presentOntology } from '../presenters/ontology.js';

/** At the agent-tool interface visibility reads is_public / is_private (SPEC 2.1). */
export function presentToolOntology(row: OntologyWithHead, baseUrl: string): ToolOntology {
  const rest = presentOntology(row, baseUrl);
  return { ...rest, visibility: rest.visibility === 'public' ? 'is_public' : 'is_private' };
}

export function fromToolVisibility(value: 'is_public' | 'is_private' | undefined): 'public' | 'private' | undefined {
  if (value === undefined) return undefined;
  return value === 'is_public' ? 'public' : 'private';
}

export function listPage<T>(items: T[], total: number, limit: number, offset: number) {
  return { total, limit, offset, has_more: offset + items.length < total };
}
