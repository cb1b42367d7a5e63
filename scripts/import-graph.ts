import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// The import graph of the non-test source in src/, folded into modules (issue 29): every folder
// under src/server/modules or src/web/modules is one node, every other file is a node of its own,
// so a cycle between two modules through a core file (a contract beside the list that collects
// the modules) counts, and the core files do not merge into one node with made-up cycles.
// Type-only imports count: a module that names another's types cannot be read, moved or split
// without it, and a type-level cycle is how the console's module list came to tie 196 files.

export const SERVER_MODULES_DIR = 'src/server/modules';
export const WEB_MODULES_DIR = 'src/web/modules';

/** Test code may set up state through anything: it is not part of the shape. */
export const isTestFile = (file: string) =>
  /\.(test|e2e|bench)\.tsx?$|fixture|(^|\/)test\//.test(file) || file.startsWith('e2e/');

export interface Edge {
  from: string;
  to: string;
  typeOnly: boolean;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.posix.normalize(
    path.posix.join(path.posix.dirname(from), specifier.replace(/\?.*$/, '')),
  );
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`])
    if (/\.tsx?$/.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile())
      return candidate;
  return undefined;
}

const allTypes = (clause: ts.ImportClause) =>
  clause.isTypeOnly ||
  (!clause.name &&
    clause.namedBindings !== undefined &&
    ts.isNamedImports(clause.namedBindings) &&
    clause.namedBindings.elements.length > 0 &&
    clause.namedBindings.elements.every((e) => e.isTypeOnly));

/** The relative imports of one file: static, re-exports, dynamic `import()` and `import('x').T` types. */
export function importsOf(file: string): { specifier: string; typeOnly: boolean }[] {
  const text = fs.readFileSync(file, 'utf8');
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const found: { specifier: string; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier))
      found.push({
        specifier: node.moduleSpecifier.text,
        typeOnly: node.importClause !== undefined && allTypes(node.importClause),
      });
    else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier))
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    )
      found.push({ specifier: node.arguments[0].text, typeOnly: false });
    else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    )
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The node a file belongs to: `server:<module>`, `web:<module>`, or the file itself. */
export function unitOf(file: string): string {
  const server = file.match(/^src\/server\/modules\/([^/]+)\//);
  if (server) return `server:${server[1]}`;
  const web = file.match(/^src\/web\/modules\/([^/]+)\//);
  if (web) return `web:${web[1]}`;
  return file;
}

export const isModule = (unit: string) => /^(server|web):/.test(unit);
export const moduleName = (unit: string) => unit.replace(/^(server|web):/, '');

/** Every import between two non-test files of src/ (paths relative to the repository root). */
export function fileEdges(root = 'src'): Edge[] {
  const edges: Edge[] = [];
  for (const from of sourceFiles(root)) {
    if (isTestFile(from)) continue;
    for (const { specifier, typeOnly } of importsOf(from)) {
      const to = resolve(from, specifier);
      if (to && !isTestFile(to)) edges.push({ from, to, typeOnly });
    }
  }
  return edges;
}

export interface Graph {
  /** unit -> the units it imports (not itself) */
  out: Map<string, Set<string>>;
}

export function unitGraph(edges: readonly Edge[], { types = true, unit = unitOf } = {}): Graph {
  const out = new Map<string, Set<string>>();
  for (const e of edges) {
    const [a, b] = [unit(e.from), unit(e.to)];
    if (!out.has(a)) out.set(a, new Set());
    if (!out.has(b)) out.set(b, new Set());
    if (a !== b && (types || !e.typeOnly)) out.get(a)!.add(b);
  }
  return { out };
}

/** Strongly connected components with more than one node (Tarjan, iterative). */
export function cycles(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let next = 0;
  for (const start of [...graph.out.keys()].sort()) {
    if (index.has(start)) continue;
    const work: [string, string[]][] = [];
    const open = (v: string) => {
      index.set(v, next);
      low.set(v, next++);
      stack.push(v);
      onStack.add(v);
      work.push([v, [...(graph.out.get(v) ?? [])].sort()]);
    };
    open(start);
    while (work.length) {
      const [v, todo] = work[work.length - 1]!;
      const w = todo.shift();
      if (w !== undefined) {
        if (!index.has(w)) open(w);
        else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1]![0];
        low.set(parent, Math.min(low.get(parent)!, low.get(v)!));
      }
      if (low.get(v) === index.get(v)) {
        const component: string[] = [];
        let w2: string;
        do {
          w2 = stack.pop()!;
          onStack.delete(w2);
          component.push(w2);
        } while (w2 !== v);
        if (component.length > 1) found.push(component.sort());
      }
    }
  }
  return found.sort((a, b) => b.length - a.length);
}

/** Pairs of modules that import each other directly, as `a <-> b` with a < b. */
export function mutualPairs(graph: Graph): string[] {
  const pairs: string[] = [];
  for (const [a, targets] of graph.out)
    for (const b of targets)
      if (isModule(a) && isModule(b) && a < b && graph.out.get(b)?.has(a)) pairs.push(`${a} <-> ${b}`);
  return pairs.sort();
}

/** The shape of the import graph: the numbers issue 29 reports and the lists its ratchet keeps. */
export function measure(edges = fileEdges(), { types = true } = {}) {
  const graph = unitGraph(edges, { types });
  const components = cycles(graph);
  const onCycle = components.flatMap((c) => c.filter(isModule)).sort();
  const largest = (side: string) =>
    components.map((c) => c.filter((u) => u.startsWith(`${side}:`))).sort((a, b) => b.length - a.length)[0] ??
    [];
  return {
    graph,
    components,
    onCycle,
    mutual: mutualPairs(graph),
    largestServer: largest('server'),
    largestWeb: largest('web'),
    ordersImports: [...(graph.out.get('server:orders') ?? [])].filter(isModule).sort(),
  };
}

/**
 * The layer of a file, lowest first: shared; the server's lib, http and db; its modules; its own
 * files (the app, the lists that collect the modules); the console's lib and locales; components;
 * layout; modules; app; main.
 */
function layer(file: string): [side: string, rank: number] | undefined {
  if (file.startsWith('src/shared/')) return ['shared', 0];
  if (/^src\/server\/(lib|http|db)\//.test(file)) return ['server', 1];
  if (file.startsWith('src/server/modules/')) return ['server', 2];
  if (/^src\/server\/([^/]+|seed\/.+)$/.test(file)) return ['server', 3];
  if (/^src\/web\/(lib|locales)\//.test(file)) return ['web', 1];
  if (file.startsWith('src/web/components/')) return ['web', 2];
  if (file.startsWith('src/web/layout/')) return ['web', 3];
  if (file.startsWith('src/web/modules/')) return ['web', 4];
  if (file.startsWith('src/web/app/')) return ['web', 5];
  if (/^src\/web\/[^/]+$/.test(file)) return ['web', 6];
  return undefined;
}

/** Imports from a lower layer to a higher one (a contract kept beside its collector counts). */
export function backArrows(edges: readonly Edge[]): Edge[] {
  return edges.filter((e) => {
    const [from, to] = [layer(e.from), layer(e.to)];
    return from !== undefined && to !== undefined && to[1] > from[1];
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  const edges = fileEdges();
  for (const types of [true, false]) {
    const m = measure(edges, { types });
    console.log(`== ${types ? 'all imports' : 'runtime imports only'}`);
    console.log('modules on a cycle', m.onCycle.length, m.onCycle.join(' '));
    console.log('mutual pairs', m.mutual.length, m.mutual.join(', '));
    console.log('largest server cycle', m.largestServer.length, m.largestServer.join(' '));
    console.log('largest console cycle', m.largestWeb.length, m.largestWeb.join(' '));
    console.log('orders imports', m.ordersImports.length, m.ordersImports.join(' '));
    console.log(
      'components',
      m.components.map((c) => `${c.length} (${c.filter(isModule).length} modules)`),
    );
  }
  const files = cycles(unitGraph(edges, { unit: (f) => f }));
  console.log(
    'largest cycle of files',
    files[0]?.length ?? 0,
    files[0]?.filter((f) => f.startsWith('src/web/')).length ?? 0,
    'of them in the console',
  );
  const back = backArrows(edges);
  console.log(
    'back arrows',
    back.filter((e) => e.from.startsWith('src/server/')).length,
    'server',
    back.filter((e) => e.from.startsWith('src/web/')).length,
    'console',
  );
  console.log(`${edges.length} imports read in ${Date.now() - started} ms`);
}
