import { describe, expect, it } from 'vitest';
import { isModule, measure, moduleName } from './import-graph.ts';

// No import cycle between modules (issue 29): over the import graph of the non-test source
// (scripts/import-graph.ts; type-only imports count), no server or console module is on a cycle and
// no two modules import each other. A module that needs one above it declares an extension point
// that the other plugs into through its manifest (docs/architecture.md "Extension points"), or the
// piece moves down to where its dependencies are. `npm run shape` prints the graph's numbers.

/**
 * What `orders` imports: the foundation it stands on. Every module that plugs into orders imports
 * orders, so with no cycle orders can import none of them; the list may only shrink.
 */
const ORDERS_IMPORTS = ['accounts', 'audit', 'products', 'scenic', 'settings'];

const shape = measure();

describe('import cycles between modules', () => {
  it('puts no server module on a cycle', () => {
    const cycles = shape.components.filter((c) => c.some((u) => u.startsWith('server:')));
    expect(
      cycles.map((c) => c.filter(isModule)),
      'give the dependency a direction',
    ).toEqual([]);
  });

  it('puts no console module on a cycle', () => {
    const cycles = shape.components.filter((c) => c.some((u) => u.startsWith('web:')));
    expect(
      cycles.map((c) => c.filter(isModule)),
      'give the dependency a direction',
    ).toEqual([]);
  });

  it('has no pair of modules that import each other', () => {
    expect(shape.mutual).toEqual([]);
  });

  it('has no cycle of files through the core either', () => {
    expect(shape.components.map((c) => c.slice(0, 8))).toEqual([]);
  });

  it('gives orders nothing new to import, and lists only what it still imports', () => {
    const found = shape.ordersImports.map(moduleName);
    expect(
      found.filter((m) => !ORDERS_IMPORTS.includes(m)),
      'orders declares extension points; plug in through a manifest instead',
    ).toEqual([]);
    expect(
      ORDERS_IMPORTS.filter((m) => !found.includes(m)),
      'orders no longer imports these: remove from ORDERS_IMPORTS',
    ).toEqual([]);
  });
});
