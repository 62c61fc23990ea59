// The REST lists of ontologies: the main list with its filters, and the children of one.
import { escapeLikePattern, pageInfo } from '@oms/domain';
import type { ListOntologiesQuery } from '@oms/contracts';
import { listOntologyPage, visibleTo, type OntologyRow, type PrismaNamespace } from '@oms/db';
import type { ServiceContext } from '../context.js';
import { visibleOntologyOr404, type Caller } from './caller.js';
import { withVisibleParents } from './visible-parents.js';

type Where = PrismaNamespace.OntologyWhereInput;
export type Page = { page: number; per_page: number };

function scopeFor(filter: ListOntologiesQuery['filter'], caller: Caller): Where {
  if (filter === 'public') return { visibility: 'public' };
  if (filter === 'my_accounts') return { accountId: { in: caller.memberOf } };
  return visibleTo(caller);
}

export type OntologyPage = { pagination: ReturnType<typeof pageInfo>; rows: OntologyRow[] };

/** The rows of one page; any `page` >= 1 is valid (DESIGN 4), a page past the end is empty. */
export function pageWindow(page: Page): { skip: number; take: number } {
  return { skip: (page.page - 1) * page.per_page, take: page.per_page };
}

/** Rows come without sources; the route streams them in with `withStreamedHeadSources`. */
async function pageOf(ctx: ServiceContext, caller: Caller, where: Where, page: Page): Promise<OntologyPage> {
  const { total, rows } = await listOntologyPage(ctx.db.prisma, where, pageWindow(page));
  return { pagination: pageInfo(page.page, page.per_page, total), rows: await withVisibleParents(ctx.db.prisma, caller, rows) };
}

export async function listVisibleOntologies(
  ctx: ServiceContext,
  caller: Caller,
  query: Omit<ListOntologiesQuery, 'page' | 'per_page'> & Page,
): Promise<OntologyPage> {
  const filters: Where[] = [scopeFor(query.filter, caller)];
  if (query.source_format) filters.push({ sourceFormat: query.source_format });
  // Children of a parent the caller cannot see are listed as for a parent that does not exist (SPEC 7).
  if (query.parent_id) filters.push({ parentId: query.parent_id.toLowerCase(), parent: { is: visibleTo(caller) } });
  if (query.title) filters.push({ title: { contains: escapeLikePattern(query.title), mode: 'insensitive' } });
  return pageOf(ctx, caller, { AND: filters }, query);
}

export async function listChildren(
  ctx: ServiceContext,
  caller: Caller,
  parentId: string,
  query: Page & { source_format?: string | undefined },
) {
  const parent = await visibleOntologyOr404(ctx.db.prisma, caller, parentId);
  const filters: Where[] = [visibleTo(caller), { parentId: parent.id }];
  if (query.source_format) filters.push({ sourceFormat: query.source_format });
  return pageOf(ctx, caller, { AND: filters }, query);
}
