// Pages of ontologies (REST lists, the agent tools' lists and search), chosen by a typed
// filter: callers say what they want, this module alone spells it as a Prisma query.
import { escapeLikePattern, type Viewer } from '@oms/domain';
import type { Prisma } from '../generated/prisma/client.js';
import { visibleTo } from '../visibility.js';
import type { DbClient } from './db-client.js';
import type { OntologyRow } from './ontology-rows.js';
import { windowOf, type PageWindow } from './page-window.js';

export type OntologyFilter = {
  /** Which ontologies: those the viewer may see (SPEC 2.1), the public ones, or those of these accounts. */
  scope: { visibleTo: Viewer } | { publicOnly: true } | { accountIds: readonly string[] };
  sourceFormat?: string | undefined;
  /** Children of this ontology; with `visibleTo`, none when that viewer may not see it (SPEC 7). */
  parent?: { id: string; visibleTo?: Viewer | undefined } | undefined;
  /** Text found in the title (and with `orDescription` in the description too), in any case; taken literally. */
  text?: { contains: string; orDescription?: boolean | undefined } | undefined;
};

function scopeWhere(scope: OntologyFilter['scope']): Prisma.OntologyWhereInput {
  if ('visibleTo' in scope) return visibleTo(scope.visibleTo);
  if ('publicOnly' in scope) return { visibility: 'public' };
  return { accountId: { in: [...scope.accountIds] } };
}

function textWhere(text: NonNullable<OntologyFilter['text']>): Prisma.OntologyWhereInput {
  const contains = escapeLikePattern(text.contains);
  const title: Prisma.OntologyWhereInput = { title: { contains, mode: 'insensitive' } };
  return text.orDescription ? { OR: [title, { description: { contains, mode: 'insensitive' } }] } : title;
}

/** The filter as one Prisma condition (its shape is what the trigram indexes are planned for). */
function ontologyWhere(filter: OntologyFilter): Prisma.OntologyWhereInput {
  const parts: Prisma.OntologyWhereInput[] = [scopeWhere(filter.scope)];
  if (filter.sourceFormat) parts.push({ sourceFormat: filter.sourceFormat });
  if (filter.parent) {
    const { id, visibleTo: viewer } = filter.parent;
    parts.push(viewer ? { parentId: id, parent: { is: visibleTo(viewer) } } : { parentId: id });
  }
  if (filter.text) parts.push(textWhere(filter.text));
  return { AND: parts };
}

/** One page of ontologies, newest first, without their sources (those can be megabytes each). */
export async function listOntologyPage(db: DbClient, filter: OntologyFilter, page: PageWindow): Promise<{ total: number; rows: OntologyRow[] }> {
  const where = ontologyWhere(filter);
  const [total, rows] = await Promise.all([
    db.ontology.count({ where }),
    db.ontology.findMany({ where, orderBy: { id: 'desc' }, ...windowOf(page) }),
  ]);
  return { total, rows };
}
