import type { DictEntry } from '../dict/dict.ts';

/** One edge of a state machine kept as data (docs/domain.md): `from: []` is a record being created. */
export interface Transition<S extends number | string> {
  id: string;
  from: readonly S[];
  to: S;
  label: DictEntry;
}

/**
 * What every machine table answers: the states one transition starts from, its target, the states a
 * record starts in, and the (from, to) pairs a database trigger allows (its migration is checked
 * against them by a test).
 */
export function stateMachine<S extends number | string, T extends Transition<S>>(table: readonly T[]) {
  return {
    table,
    /** The states one transition starts from (narrowed to one target when given). */
    from(id: T['id'], to?: S): S[] {
      const rows = table.filter((t) => t.id === id && (to === undefined || t.to === to));
      return [...new Set(rows.flatMap((t) => t.from))];
    },
    /** The target of a transition with one target. */
    to(id: T['id']): S {
      const row = table.find((t) => t.id === id);
      if (!row) throw new Error(`no transition ${id}`);
      return row.to;
    },
    /** The states a new record may start in. */
    start: [...new Set(table.filter((t) => !t.from.length).map((t) => t.to))] as S[],
    /** Every (from, to) pair allowed between existing states. */
    pairs(): [S, S][] {
      const pairs = new Map<string, [S, S]>();
      for (const t of table) for (const from of t.from) pairs.set(`${from}>${t.to}`, [from, t.to]);
      return [...pairs.values()];
    },
  };
}
