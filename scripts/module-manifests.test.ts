import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PERMISSION_GROUPS } from '../src/shared/perms.ts';
import { SERVER_MODULES } from '../src/server/modules.ts';
import { MENU_GROUPS } from '../src/web/app/menu-groups.ts';
import { WEB_MODULES } from '../src/web/app/modules.ts';

// A module owns its slice (docs/adding-a-screen.md): these checks keep a folder from being
// forgotten by the lists that collect the modules, and the names of one module the same everywhere.
const SERVER_DIR = 'src/server/modules';
const WEB_DIR = 'src/web/modules';
const folders = (dir: string) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const camel = (folder: string) => folder.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/** Console modules with no server module of their own (they read other modules' endpoints). */
const WEB_ONLY = ['profile'];
/** Public screens, routed by src/web/app/router.tsx rather than by a manifest. */
const PUBLIC_SCREENS = ['auth', 'copyright', 'errors'];

describe('module manifests', () => {
  it('lists every server module folder once, by its folder name', () => {
    const names = SERVER_MODULES.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(folders(SERVER_DIR).map(camel).sort());
    for (const folder of folders(SERVER_DIR))
      expect(fs.existsSync(path.join(SERVER_DIR, folder, `${folder}.module.ts`)), folder).toBe(true);
  });

  it('lists every console module folder with screens, under the name of its server module', () => {
    const names = WEB_MODULES.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    const withScreens = folders(WEB_DIR).filter((f) => !PUBLIC_SCREENS.includes(f));
    expect([...names].sort()).toEqual(withScreens.map(camel).sort());
    const serverNames = SERVER_MODULES.map((m) => m.name);
    for (const name of names) if (!WEB_ONLY.includes(name)) expect(serverNames, name).toContain(name);
  });

  it('adds every console manifest to ConsoleModules under its name, so its texts are typed', () => {
    for (const module of WEB_MODULES) {
      const folder = module.name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
      const manifest = fs.readFileSync(path.join(WEB_DIR, folder, `${folder}.module.ts`), 'utf8');
      const registered =
        /declare module '\.\.\/\.\.\/lib\/web-module\.ts' \{\s*interface ConsoleModules \{\s*['"]?(\w+)['"]?: typeof manifest;/.exec(
          manifest,
        );
      expect(
        registered?.[1],
        `${folder}.module.ts: declare ConsoleModules { ${module.name}: typeof manifest }`,
      ).toBe(module.name);
    }
  });

  it('routes every page file of a console module through its manifest', async () => {
    for (const module of WEB_MODULES) {
      const folder = module.name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
      const pages = fs.readdirSync(path.join(WEB_DIR, folder)).filter((f) => f.endsWith('.page.tsx'));
      const manifest = fs.readFileSync(path.join(WEB_DIR, folder, `${folder}.module.ts`), 'utf8');
      for (const page of pages) expect(manifest, `${folder}/${page}`).toContain(`import('./${page}')`);
      for (const route of module.routes) {
        expect(Object.keys(module.menu.zh)).toContain(route.title);
        // a route stands alone (/dashboard) or joins a menu group by its first segment
        const segments = route.path.split('/').length - 1;
        if (segments > 1)
          expect(
            MENU_GROUPS.map((g) => g.path),
            route.path,
          ).toContain(`/${route.path.split('/')[1]}`);
      }
    }
  });

  it('gives every route a permission of the catalogue, and the catalogue no key twice', () => {
    const all = PERMISSION_GROUPS.flatMap((g) => Object.keys(g.perms));
    expect(new Set(all).size).toBe(all.length);
    for (const module of WEB_MODULES)
      for (const route of module.routes) for (const perm of route.perms ?? []) expect(all).toContain(perm);
  });
});
