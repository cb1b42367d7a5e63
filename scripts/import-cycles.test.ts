import { describe, expect, it } from 'vitest';
import { isModule, measure, moduleName } from './import-graph.ts';

// No import cycle between modules (issue 29): a ratchet over the import graph of the non-test
// source (scripts/import-graph.ts; type-only imports count). The modules below were on a cycle
// when the check came, and the lists may only shrink: a module that joins a cycle, a new pair of
// modules importing each other, a new import between two modules of one cycle or a new module
// that orders imports fails; an entry that no longer holds fails too, so it is removed. Never add
// an entry: give the dependency a direction (docs/architecture.md "Holding the shape").
// `npm run shape` prints the cycles and the numbers.

/** Server modules on an import cycle (one cycle, through `orders`, when the check came). */
const SERVER_ON_A_CYCLE = [
  'accounts', 'audit', 'auth', 'checkin', 'copyright', 'coupons', 'distribution', 'gates', 'inventory',
  'members', 'notices', 'oauth', 'orders', 'ota', 'picture-groups', 'price-tiers', 'print-templates',
  'products', 'refunds', 'reservations', 'sales-terminals', 'scenic', 'settings', 'staff-cards',
  'terminals', 'theatres', 'third-party', 'travel',
]; // prettier-ignore

/**
 * Console modules on an import cycle: each manifest reaches src/web/locales/index.ts, which
 * type-imports src/web/app/modules.ts, the list that imports every manifest.
 */
const WEB_ON_A_CYCLE = [
  'accounts', 'audit', 'auth', 'checkin', 'content', 'copyright', 'coupons', 'dashboard', 'distribution',
  'face-devices', 'gates', 'inventory', 'members', 'notices', 'oauth', 'orders', 'ota', 'passenger-cameras',
  'picture-groups', 'price-tiers', 'print-templates', 'products', 'profile', 'refunds', 'reservations',
  'roles', 'sales-terminals', 'scenic', 'scenic-spots', 'settings', 'settlement', 'shop', 'staff-cards',
  'terminals', 'theatres', 'third-party', 'ticket-display', 'travel', 'withdrawals',
]; // prettier-ignore

/** Server modules that import each other directly. */
const MUTUAL_PAIRS = [
  'accounts <-> auth', 'accounts <-> scenic', 'audit <-> auth', 'auth <-> oauth', 'checkin <-> third-party',
  'copyright <-> oauth', 'coupons <-> members', 'coupons <-> orders', 'distribution <-> price-tiers',
  'gates <-> terminals', 'inventory <-> products', 'members <-> orders', 'notices <-> products',
  'notices <-> scenic', 'orders <-> price-tiers', 'orders <-> refunds', 'orders <-> settings',
  'orders <-> travel', 'picture-groups <-> scenic', 'print-templates <-> products', 'products <-> theatres',
  'refunds <-> travel', 'scenic <-> settings',
]; // prettier-ignore

/** Direct imports from one module to another of the same cycle: a budget that may only fall. */
const IMPORTS_WITHIN_A_CYCLE = 141;

/** The modules that `orders` imports (the goal: none of those that plug into it). */
const ORDERS_IMPORTS = [
  'accounts', 'audit', 'coupons', 'distribution', 'inventory', 'members', 'price-tiers', 'products',
  'refunds', 'sales-terminals', 'scenic', 'settings', 'terminals', 'theatres', 'travel',
]; // prettier-ignore

const shape = measure();
const onCycle = (side: 'server' | 'web') =>
  shape.onCycle.filter((u) => u.startsWith(`${side}:`)).map(moduleName);
const compare = (found: string[], listed: string[]) => ({
  added: found.filter((x) => !listed.includes(x)),
  gone: listed.filter((x) => !found.includes(x)),
});

describe('import cycles between modules (ratchet)', () => {
  it('adds no server module to a cycle, and lists only those still on one', () => {
    const { added, gone } = compare(onCycle('server'), SERVER_ON_A_CYCLE);
    expect(added, `joined a cycle: ${JSON.stringify(shape.components.filter((c) => c.some((u) => added.some((a) => u === `server:${a}`))))}`).toEqual([]); // prettier-ignore
    expect(gone, 'no longer on a cycle: remove from SERVER_ON_A_CYCLE').toEqual([]);
  });

  it('adds no console module to a cycle, and lists only those still on one', () => {
    const { added, gone } = compare(onCycle('web'), WEB_ON_A_CYCLE);
    expect(added, 'joined a cycle').toEqual([]);
    expect(gone, 'no longer on a cycle: remove from WEB_ON_A_CYCLE').toEqual([]);
  });

  it('adds no pair of modules that import each other', () => {
    const { added, gone } = compare(
      shape.mutual.map((p) => p.replace(/server:/g, '')),
      MUTUAL_PAIRS,
    );
    expect(added, 'new pair importing each other (console pairs keep their web: prefix)').toEqual([]);
    expect(gone, 'no longer import each other: remove from MUTUAL_PAIRS').toEqual([]);
  });

  it('adds no import between two modules of one cycle', () => {
    const componentOf = new Map<string, number>();
    shape.components.forEach((c, i) => c.forEach((u) => componentOf.set(u, i)));
    const within: string[] = [];
    for (const [from, targets] of shape.graph.out)
      for (const to of targets)
        if (
          isModule(from) &&
          isModule(to) &&
          componentOf.has(from) &&
          componentOf.get(from) === componentOf.get(to)
        )
          within.push(`${from} -> ${to}`);
    expect(
      within.length,
      'new imports between two modules of one cycle: give them a direction',
    ).toBeLessThanOrEqual(IMPORTS_WITHIN_A_CYCLE);
    expect(within.length, 'fewer imports within a cycle: lower IMPORTS_WITHIN_A_CYCLE to this').toBe(
      IMPORTS_WITHIN_A_CYCLE,
    );
  });

  it('gives orders no new module to import', () => {
    const { added, gone } = compare(shape.ordersImports.map(moduleName), ORDERS_IMPORTS);
    expect(added, 'orders declares extension points; plug in through a manifest instead').toEqual([]);
    expect(gone, 'orders no longer imports these: remove from ORDERS_IMPORTS').toEqual([]);
  });
});
