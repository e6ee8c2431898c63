/**
 * Status sets: one definition each (code, French label, colour, the codes it may move to), read by
 * the lists, the selectors, the server's transition checks, the exports and the charts.
 */
export interface StatusDef {
  code: number;
  label: string;
  /** Colour of the tag (text on it is white or dark, chosen by the tag component for contrast). */
  color: string;
  next: readonly number[];
}

export interface StatusSet {
  all: readonly StatusDef[];
  codes: readonly number[];
  of(code: number | null | undefined): StatusDef | undefined;
  label(code: number | null | undefined): string;
  /** Whether `to` is one of the codes `from` may move to; never the same status again. */
  canMove(from: number, to: number): boolean;
}

export function statusSet(defs: readonly StatusDef[]): StatusSet {
  const byCode = new Map(defs.map((d) => [d.code, d]));
  return {
    all: defs,
    codes: defs.map((d) => d.code),
    of: (code) => (code == null ? undefined : byCode.get(code)),
    label: (code) => (code == null ? '' : (byCode.get(code)?.label ?? String(code))),
    canMove: (from, to) => byCode.get(from)?.next.includes(to) ?? false,
  };
}

/**
 * The words of the one rule every status workflow follows: asking for the status a
 * record already has changes nothing and is answered 409 (a second accept, refuse, scan or the same
 * STATUS again); a move its set does not allow is a 422 naming STATUS.
 */
export const STATUS_MSG = {
  already: (set: StatusSet, code: number) => `Le statut est déjà « ${set.label(code)} » : rien n'a changé.`,
  notAllowed: (set: StatusSet, from: number, to: number) => `Passage du statut « ${set.label(from)} » à « ${set.label(to)} » non autorisé.`,
} as const;

export const CLIENT_CODES = { IN_PROGRESS: 0, VALIDATED: 1, REFUSED: 2 } as const;
/** Client STATUS: any status may be set from the list. */
export const CLIENT_STATUS = statusSet([
  { code: CLIENT_CODES.IN_PROGRESS, label: 'En cours', color: '#c2410c', next: [CLIENT_CODES.VALIDATED, CLIENT_CODES.REFUSED] },
  { code: CLIENT_CODES.VALIDATED, label: 'Validé', color: '#15803d', next: [CLIENT_CODES.IN_PROGRESS, CLIENT_CODES.REFUSED] },
  { code: CLIENT_CODES.REFUSED, label: 'Refusé', color: '#b91c1c', next: [CLIENT_CODES.IN_PROGRESS, CLIENT_CODES.VALIDATED] },
]);
