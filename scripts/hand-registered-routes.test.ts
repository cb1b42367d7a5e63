import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// A route is a definition (issue 29): a staff write is an action (`registerAction`,
// src/server/http/action.ts), a list screen a list resource (`registerListResource`). A route
// registered by hand says why, in a comment of a fixed form (docs/adding-a-screen.md, step 5 "Routes by hand"):
//   // hand-registered: <reason>          in the comments directly above the registration, or
//   // hand-registered (file): <reason>   before the file's first registration, for all of its routes.
// src/server/http (the definition helpers) and test files are left out.

const ROOT = join(import.meta.dirname, '..');
const SERVER = join(ROOT, 'src/server');

/** `app.get(`, `app.post(`, … on a Fastify instance, and `.route({`. */
const REGISTRATION =
  /\b(?:app|root|fastify|server|instance)\.(?:get|post|put|delete|patch|head|all)\(|\.route\(\{/g;
const ROUTE_REASON = /^\s*\/\/ hand-registered: \S.{8,}/;
const FILE_REASON = /^\s*\/\/ hand-registered \(file\): \S.{8,}/;
const COMMENT = /^\s*(\/\/|\/\*|\*)/;
const DEFINITION = /^(registerAction|registerListResource)$/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return path === join(SERVER, 'http') ? [] : sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length - 1;

/** The hand registrations of one file, and those without a reason in scope (as `file:line`). */
export function handRegistrations(file: string, text: string) {
  const lines = text.split('\n');
  const at = [...text.matchAll(REGISTRATION)].map((m) => lineOf(text, m.index));
  const first = at[0] ?? lines.length;
  const fileWide = lines.slice(0, first).some((l) => FILE_REASON.test(l));
  const unexplained = at.filter((line) => {
    if (fileWide) return false;
    for (let i = line - 1; i >= 0 && COMMENT.test(lines[i]!); i--)
      if (ROUTE_REASON.test(lines[i]!)) return false;
    return true;
  });
  return { count: at.length, unexplained: unexplained.map((line) => `${file}:${line + 1}`) };
}

/**
 * The routes a file defines: each registerAction or registerListResource call, times the calls of
 * the local helper it sits in (`function action(`, `const moveRoute = (`), if the file calls one.
 */
export function definitions(file: string, text: string): Record<'action' | 'listResource', number> {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const calls = new Map<string, number>();
  const sites: ts.CallExpression[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      const name = node.expression.text;
      calls.set(name, (calls.get(name) ?? 0) + 1);
      if (DEFINITION.test(name)) sites.push(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const count = { action: 0, listResource: 0 };
  for (const site of sites) {
    let fn: ts.Node | undefined = site.parent;
    while (fn && !ts.isFunctionLike(fn)) fn = fn.parent;
    const name =
      fn && ts.isFunctionDeclaration(fn)
        ? fn.name?.text
        : fn?.parent && ts.isVariableDeclaration(fn.parent) && ts.isIdentifier(fn.parent.name)
          ? fn.parent.name.text
          : undefined;
    const kind = (site.expression as ts.Identifier).text === 'registerAction' ? 'action' : 'listResource';
    count[kind] += Math.max(1, (name && calls.get(name)) || 0);
  }
  return count;
}

describe('hand-registered routes', () => {
  const files = sources(SERVER).map((path) => ({
    file: relative(ROOT, path),
    text: readFileSync(path, 'utf8'),
  }));

  it('say why each is not a definition', () => {
    const found = files.map(({ file, text }) => handRegistrations(file, text));
    const defined = { action: 0, listResource: 0 };
    for (const { file, text } of files) {
      const d = definitions(file, text);
      defined.action += d.action;
      defined.listResource += d.listResource;
    }
    const hand = found.reduce((sum, f) => sum + f.count, 0);
    console.log(
      `routes registered by hand: ${hand}; definitions: ${defined.action} actions (registerAction, one route each), ` +
        `${defined.listResource} list resources (registerListResource, up to seven routes each)`,
    );
    expect(
      found.flatMap((f) => f.unexplained),
      'a definition (registerAction, registerListResource), or `// hand-registered: <reason>` above it',
    ).toEqual([]);
  });

  it('finds a registration without a reason, and accepts either form of one', () => {
    const route = "  app.get('/x', {}, async () => null);";
    expect(handRegistrations('a.ts', `f(() => {\n${route}\n});`).unexplained).toEqual(['a.ts:2']);
    expect(
      handRegistrations('a.ts', `// hand-registered: a read that is not a list\n${route}`).unexplained,
    ).toEqual([]);
    const fileWide = `// hand-registered (file): the device calls, token of their own\n\n${route}\n${route}`;
    expect(handRegistrations('a.ts', fileWide)).toEqual({ count: 2, unexplained: [] });
    expect(
      handRegistrations('a.ts', `${route}\n// hand-registered (file): too late for the first\n${route}`)
        .unexplained,
    ).toHaveLength(2);
  });
});
