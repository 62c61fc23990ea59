// The REST lists of ontologies: the main list with its filters, and the children of one. A page
// comes without sources; its `sources` streams them in (large ones chunk by chunk) as it is written.
import { pageInfo } from '@oms/domain';
import type { ListOntologiesQuery } from '@oms/contracts';
import {
  INLINE_SOURCE_BYTES,
  listOntologyPage,
  withStreamedHeadSources,
  type OntologyFilter,
  type OntologyRow,
  type OntologyWithStreamedSource,
  type PageWindow,
} from '@oms/db';
import type { ServiceContext } from '../context.js';
import { callerOf, visibleOntologyRowOr404, type Caller, type CallerOrActor } from './caller.js';
import { withVisibleParents } from './visible-parents.js';

export type { OntologyWithStreamedSource };
export type Page = { page: number; per_page: number };

export type OntologyPage = {
  pagination: ReturnType<typeof pageInfo>;
  rows: OntologyRow[];
  /** The most memory the page's sources take when they are read whole (larger ones are streamed in chunks). */
  inlineSourceBytes: number;
  /** The rows with their head sources, in order (`key`: whose list, to share chunked reads fairly). */
  sources: (options: { signal?: AbortSignal; key?: string }) => AsyncIterable<OntologyWithStreamedSource>;
};

/** The rows of one page; any `page` >= 1 is valid (DESIGN 4), a page past the end is empty. */
export function pageWindow(page: Page): PageWindow {
  return { skip: (page.page - 1) * page.per_page, take: page.per_page };
}

async function pageOf(ctx: ServiceContext, caller: Caller, filter: OntologyFilter, page: Page): Promise<OntologyPage> {
  const { total, rows: found } = await listOntologyPage(ctx.db.prisma, filter, pageWindow(page));
  const rows = await withVisibleParents(ctx.db.prisma, caller, found);
  return {
    pagination: pageInfo(page.page, page.per_page, total),
    rows,
    inlineSourceBytes: rows.length * INLINE_SOURCE_BYTES,
    sources: (options) => withStreamedHeadSources(ctx.db, rows, options),
  };
}

function scopeOf(filter: ListOntologiesQuery['filter'], caller: Caller): OntologyFilter['scope'] {
  if (filter === 'public') return { publicOnly: true };
  if (filter === 'my_accounts') return { accountIds: caller.memberOf };
  return { visibleTo: caller };
}

export async function listVisibleOntologies(
  ctx: ServiceContext,
  who: CallerOrActor,
  query: Omit<ListOntologiesQuery, 'page' | 'per_page' | 'omit_source'> & Page,
): Promise<OntologyPage> {
  const caller = await callerOf(ctx.db.prisma, who);
  return pageOf(
    ctx,
    caller,
    {
      scope: scopeOf(query.filter, caller),
      sourceFormat: query.source_format,
      // Children of a parent the caller cannot see are listed as for a parent that does not exist (SPEC 7).
      parent: query.parent_id ? { id: query.parent_id, visibleTo: caller } : undefined,
      text: query.title ? { contains: query.title } : undefined,
    },
    query,
  );
}

export async function listChildren(
  ctx: ServiceContext,
  who: CallerOrActor,
  input: Page & { parentId: string; source_format?: string | undefined },
): Promise<OntologyPage> {
  const caller = await callerOf(ctx.db.prisma, who);
  const parent = await visibleOntologyRowOr404(ctx.db.prisma, caller, input.parentId);
  return pageOf(ctx, caller, { scope: { visibleTo: caller }, sourceFormat: input.source_format, parent: { id: parent.id } }, input);
}
