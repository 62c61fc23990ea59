// The positioned diagram handed from layoutDiagram to renderSvg. All coordinates are px
// at 96 px per inch, in the same space as NORMA's AbsoluteBounds, so a saved diagram keeps
// its arrangement; the viewBox frames whatever was placed, with a margin.

export type Point = { x: number; y: number };
export type Box = { x: number; y: number; width: number; height: number };

export type Label = {
  text: string;
  /** Anchor point: baseline of the first line at `y`, aligned by `anchor` around `x`. */
  x: number;
  y: number;
  anchor: 'start' | 'middle' | 'end';
  /** Constraint text is violet, or blue when the constraint is deontic (NORMA's colours). */
  tone: 'text' | 'constraint' | 'deontic' | 'note';
  /** The value constraint this text shows, if any. */
  constraintId?: string;
};

export type ObjectTypeNode = {
  id: string;
  objectTypeId: string;
  kind: 'entity' | 'value';
  name: string;
  /** Decorated reference mode shown in parentheses, e.g. ".id". */
  referenceMode?: string;
  /** The text drawn inside the shape: the name wrapped to lines, then "(.id)" if any. */
  textLines: string[];
  independent: boolean;
  /** The object type is drawn more than once on this diagram (NORMA adds a shadow). */
  shadow: boolean;
  box: Box;
  computed: boolean;
};

export type RoleBox = { roleId: string; box: Box };

export type Segment = { x1: number; y1: number; x2: number; y2: number };

export type UniquenessBar = { constraintId: string; preferred: boolean; segments: Segment[]; gaps: Segment[]; deontic?: boolean };

export type FactTypeNode = {
  id: string;
  factTypeId: string;
  box: Box;
  vertical: boolean;
  roles: RoleBox[];
  bars: UniquenessBar[];
  reading?: Label;
  roleNames: Label[];
  /** Objectified fact types are framed; the frame stands for the objectifying entity type. */
  objectification?: { objectTypeId: string; frame: Box; name: Label };
  computed: boolean;
};

export type ConstraintSymbol =
  | 'uniqueness'
  | 'preferredUniqueness'
  | 'exclusion'
  | 'equality'
  | 'subset'
  | 'inclusiveOr'
  | 'exclusiveOr'
  | 'frequency'
  | 'ring'
  | 'valueComparison';

export type ConstraintNode = { id: string; constraintId: string; symbol: ConstraintSymbol; box: Box; label?: string; computed: boolean; deontic?: boolean };

export type NoteNode = { id: string; noteId: string; lines: string[]; box: Box; computed: boolean };

export type LinkKind = 'role' | 'subtype' | 'constraint' | 'note';

export type Link = {
  kind: LinkKind;
  from: Point;
  to: Point;
  /** Mandatory role: a dot at `to`, the object-type end. */
  mandatory?: boolean;
  /** Arrow head at `to` (supertype, or the superset end of a subset constraint). */
  arrow?: boolean;
  dashed?: boolean;
  /** The mandatory constraint behind the dot, or the constraint a dashed link belongs to. */
  constraintId?: string;
  /** That constraint is deontic: drawn blue instead of violet. */
  deontic?: boolean;
};

export type DiagramLayout = {
  name: string;
  /** Index of the saved ORMDiagram drawn, or null when the whole layout was computed. */
  diagramIndex: number | null;
  fontSize: number;
  viewBox: Box;
  objectTypes: ObjectTypeNode[];
  factTypes: FactTypeNode[];
  constraints: ConstraintNode[];
  notes: NoteNode[];
  links: Link[];
  /** Value constraints and other free-standing text. */
  labels: Label[];
};
