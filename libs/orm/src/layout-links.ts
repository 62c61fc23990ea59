// The connectors NORMA does not save, rebuilt from the model between the placed shapes:
// role boxes to their players, subtype arrows, constraint symbols to their roles and notes
// to what they describe. Like NORMA, a link goes to the nearest copy of a shape.
import { center, circleExit, exitPoint, nearest, union } from './geometry.js';
import type { Box, FactTypeNode, Link, Point } from './layout-types.js';
import type { PlacedNodes } from './layout-saved.js';
import { deonticMark, type ModelIndex } from './model-index.js';

type Target = { box: Box };

/**
 * Where a line meets a run of role boxes: the outer side when the run is at the end of
 * the fact type and the line comes from that side, else the middle of its top or bottom
 * (left or right when vertical), so a line never ends between two role boxes.
 */
function spanAttach(node: FactTypeNode, positions: number[], toward: Point): Point {
  const span = union(positions.map((position) => node.roles[position]?.box ?? node.box)) ?? node.box;
  const all = union(node.roles.map((role) => role.box)) ?? node.box;
  const middle = center(span);
  const dx = toward.x - middle.x;
  const dy = toward.y - middle.y;
  if (!node.vertical) {
    if (span.x <= all.x + 0.01 && dx < 0 && Math.abs(dx) > Math.abs(dy) / 2) return { x: span.x, y: middle.y };
    if (span.x + span.width >= all.x + all.width - 0.01 && dx > 0 && Math.abs(dx) > Math.abs(dy) / 2) return { x: span.x + span.width, y: middle.y };
    return { x: middle.x, y: dy < 0 ? span.y : span.y + span.height };
  }
  if (span.y <= all.y + 0.01 && dy < 0 && Math.abs(dy) > Math.abs(dx) / 2) return { x: middle.x, y: span.y };
  if (span.y + span.height >= all.y + all.height - 0.01 && dy > 0 && Math.abs(dy) > Math.abs(dx) / 2) return { x: middle.x, y: span.y + span.height };
  return { x: dx < 0 ? span.x : span.x + span.width, y: middle.y };
}

/** Shapes that stand for an object type: its own shapes and the frames of its objectified fact type. */
function playerTargets(nodes: PlacedNodes, objectTypeId: string): Target[] {
  const shapes: Target[] = nodes.objectTypes.filter((node) => node.objectTypeId === objectTypeId);
  for (const node of nodes.factTypes) if (node.objectification?.objectTypeId === objectTypeId) shapes.push({ box: node.objectification.frame });
  return shapes;
}

function roleLinks(index: ModelIndex, nodes: PlacedNodes, links: Link[]): void {
  for (const node of nodes.factTypes) {
    node.roles.forEach((roleBox, position) => {
      const role = index.roles.get(roleBox.roleId);
      const player = role?.playerId ? nearest(playerTargets(nodes, role.playerId), roleBox.box) : undefined;
      if (!role || !player) return;
      const from = spanAttach(node, [position], center(player.box));
      const mandatory = role.constraintIds.map((id) => index.constraints.get(id)).find((constraint) => constraint?.kind === 'mandatory');
      links.push({ kind: 'role', from, to: exitPoint(player.box, from), ...(mandatory ? { mandatory: true, constraintId: mandatory.id, ...deonticMark(mandatory) } : {}) });
    });
  }
}

function subtypeLinks(index: ModelIndex, nodes: PlacedNodes, links: Link[], midpoints: Map<string, Point>): void {
  for (const subtype of index.model.subtypeFacts) {
    let best: { from: Box; to: Box; gap: number } | undefined;
    for (const sub of playerTargets(nodes, subtype.subtypeId)) {
      const target = nearest(playerTargets(nodes, subtype.supertypeId), sub.box);
      const gap = target ? Math.hypot(center(sub.box).x - center(target.box).x, center(sub.box).y - center(target.box).y) : Infinity;
      if (target && (!best || gap < best.gap)) best = { from: sub.box, to: target.box, gap };
    }
    if (!best) continue;
    const from = exitPoint(best.from, center(best.to));
    const to = exitPoint(best.to, center(best.from));
    links.push({ kind: 'subtype', from, to, arrow: true, ...(subtype.providesIdentification ? {} : { dashed: true }) });
    const middle = { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 };
    midpoints.set(subtype.subtypeRoleId, middle);
    midpoints.set(subtype.supertypeRoleId, middle);
  }
}

function constraintLinks(index: ModelIndex, nodes: PlacedNodes, links: Link[], midpoints: Map<string, Point>): void {
  type RoleTarget = Target & { node: FactTypeNode; position: number };
  const roleBoxes = new Map<string, RoleTarget[]>();
  for (const node of nodes.factTypes) {
    node.roles.forEach((role, position) => roleBoxes.set(role.roleId, [...(roleBoxes.get(role.roleId) ?? []), { box: role.box, node, position }]));
  }
  for (const node of nodes.constraints) {
    const constraint = index.constraints.get(node.constraintId);
    if (!constraint) continue;
    const symbolCentre = center(node.box);
    const start = (end: Point) => (node.symbol === 'frequency' ? exitPoint(node.box, end) : circleExit(node.box, end));
    constraint.roleSequences.forEach((sequence, position) => {
      const link = (end: Point) => ({
        kind: 'constraint' as const,
        from: start(end),
        to: end,
        dashed: true,
        constraintId: constraint.id,
        ...(constraint.kind === 'subset' && position === 1 ? { arrow: true } : {}),
        ...deonticMark(constraint),
      });
      // Like NORMA, one line per fact type: it meets the middle of that fact type's constrained roles.
      const groups = new Map<FactTypeNode, number[]>();
      for (const roleId of new Set(sequence)) {
        const role = nearest(roleBoxes.get(roleId) ?? [], node.box);
        const viaSubtype = midpoints.get(roleId);
        if (role) groups.set(role.node, [...(groups.get(role.node) ?? []), role.position]);
        else if (viaSubtype) links.push(link(viaSubtype));
      }
      for (const [factNode, positions] of groups) links.push(link(spanAttach(factNode, positions, symbolCentre)));
    });
  }
}

function noteLinks(nodes: PlacedNodes, index: ModelIndex, links: Link[]): void {
  for (const node of nodes.notes) {
    for (const id of index.notes.get(node.noteId)?.referencedIds ?? []) {
      const candidates: Target[] = [
        ...playerTargets(nodes, id),
        ...nodes.factTypes.filter((fact) => fact.factTypeId === id),
        ...nodes.constraints.filter((constraint) => constraint.constraintId === id),
      ];
      const target = nearest(candidates, node.box);
      if (!target) continue;
      links.push({ kind: 'note', from: exitPoint(node.box, center(target.box)), to: exitPoint(target.box, center(node.box)), dashed: true });
    }
  }
}

export function buildLinks(index: ModelIndex, nodes: PlacedNodes): Link[] {
  const links: Link[] = [];
  const midpoints = new Map<string, Point>();
  roleLinks(index, nodes, links);
  subtypeLinks(index, nodes, links, midpoints);
  constraintLinks(index, nodes, links, midpoints);
  noteLinks(nodes, index, links);
  return links;
}
