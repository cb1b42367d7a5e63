import { describe, expect, it } from 'vitest';
import { fileEdges, isModule, moduleName, unitOf } from './import-graph.ts';

// A module adds itself to the lists that collect the modules, and nowhere else (issue 29): no file
// outside the module folders imports a single module, but for the collecting lists below.
// scripts/module-manifests.test.ts checks that those lists miss no module; this checks the rest.

/** The lists that collect every module: each names them all, so a new module is one line here. */
const COLLECTING_LISTS = [
  'src/server/modules.ts', // the server modules' manifests
  'src/server/messages.ts', // their messages
  'src/web/app/modules.ts', // the console modules' manifests
];

/**
 * Central files that named a single module when the check came. The list may only shrink: the
 * modules plug in through their manifests instead (an entry that no longer holds fails, remove it).
 */
const NAMING_A_MODULE: Record<string, string[]> = {
  // the app registers the session guard before any module's routes
  'src/server/app.ts': ['auth'],
  // the first seed: the bootstrap account, area, clients and notice, and the demo accounts and settings
  'src/server/seed/bootstrap.ts': ['accounts', 'copyright', 'oauth', 'scenic'],
  'src/server/seed/demo.ts': ['accounts', 'scenic', 'settings'],
  'src/web/app/prerender.tsx': ['auth'],
  // the public screens (sign-in, copyright, errors) are routed by the router, not by a manifest
  'src/web/app/router.tsx': ['auth', 'copyright', 'errors'],
  'src/web/main.tsx': ['auth'],
};

describe('central files name no module', () => {
  const named = new Map<string, Set<string>>();
  for (const e of fileEdges()) {
    const [from, to] = [unitOf(e.from), unitOf(e.to)];
    if (isModule(from) || !isModule(to) || COLLECTING_LISTS.includes(e.from)) continue;
    if (!named.has(e.from)) named.set(e.from, new Set());
    named.get(e.from)!.add(moduleName(to));
  }

  it('imports no module outside the collecting lists (nothing new)', () => {
    const added = [...named].flatMap(([file, modules]) =>
      [...modules].filter((m) => !NAMING_A_MODULE[file]?.includes(m)).map((m) => `${file} -> ${m}`),
    );
    expect(added, 'plug the module in through its manifest, or add it to a collecting list').toEqual([]);
  });

  it('lists only what still holds', () => {
    const gone = Object.entries(NAMING_A_MODULE).flatMap(([file, modules]) =>
      modules.filter((m) => !named.get(file)?.has(m)).map((m) => `${file} -> ${m}`),
    );
    expect(gone, 'no longer imported: remove from NAMING_A_MODULE in scripts/central-files.test.ts').toEqual(
      [],
    );
  });
});
