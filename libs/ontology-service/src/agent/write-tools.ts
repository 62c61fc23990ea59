// Writes behind the agent tools. `account_id` is required by the tools: on create it must be
// an account of the caller; on update and delete it must be the owning account (DESIGN 4).
import { AppError } from '@oms/domain';
import type { z } from 'zod';
import { SOURCE_PAGE_DEFAULT_CHARS, type CreateOntologyInput, type DeleteOntologyInput, type UpdateOntologyInput } from '@oms/contracts';
import type { ServiceContext } from '../context.js';
import { writableOntologyOr4xx, type Caller } from '../ontologies/caller.js';
import { createOntology } from '../ontologies/create-ontology.js';
import { deleteOntology } from '../ontologies/delete-ontology.js';
import { updateOntology } from '../ontologies/update-ontology.js';
import { fromToolVisibility, presentToolOntologyPage } from './present-for-tools.js';

/** A write answers with the ontology and the first page of its source, as read_ontology would. */
const FIRST_PAGE = { source_offset: 0, source_length: SOURCE_PAGE_DEFAULT_CHARS };

async function ownedBy(ctx: ServiceContext, caller: Caller, id: string, accountId: string) {
  const ontology = await writableOntologyOr4xx(ctx.db.prisma, caller, id);
  if (ontology.accountId !== accountId) {
    throw AppError.validation({ account_id: [`is not the account that owns this ontology (it belongs to ${ontology.accountId})`] });
  }
  return ontology;
}

export async function createOntologyForTools(ctx: ServiceContext, caller: Caller, input: z.output<typeof CreateOntologyInput>) {
  const created = await createOntology(ctx, caller, {
    account_id: input.account_id,
    title: input.title,
    description: input.description,
    visibility: fromToolVisibility(input.visibility),
    source: input.source,
    source_format: input.source_format,
    version: input.version,
    commit_message: input.commit_message,
  });
  return presentToolOntologyPage(created, ctx.config.baseUrl, FIRST_PAGE);
}

export async function updateOntologyForTools(ctx: ServiceContext, caller: Caller, input: z.output<typeof UpdateOntologyInput>) {
  const ontology = await ownedBy(ctx, caller, input.id, input.account_id);
  const updated = await updateOntology(ctx, caller, ontology.id, {
    changes: {
      source: input.source,
      source_format: input.source_format,
      title: input.title,
      description: input.description,
      visibility: fromToolVisibility(input.visibility),
    },
    version: input.version,
    message: input.commit_message,
  });
  return presentToolOntologyPage(updated, ctx.config.baseUrl, FIRST_PAGE);
}

export async function deleteOntologyForTools(ctx: ServiceContext, caller: Caller, input: z.output<typeof DeleteOntologyInput>) {
  const ontology = await ownedBy(ctx, caller, input.id, input.account_id);
  await deleteOntology(ctx, caller, ontology.id);
  return { deleted: true as const, id: ontology.id };
}
