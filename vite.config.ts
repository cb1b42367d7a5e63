import fs from 'node:fs';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { BOOT_SCRIPT } from './src/shared/boot-script.ts';

/**
 * Everything the entry (main.tsx) imports statically, i.e. what the login route runs: React, the
 * texts, the request layer and the login form. Collected once the module graph is complete, so the
 * chunk group below can keep it in one file (one request) instead of one file per shared module;
 * the console behind the login stays in chunks of its own (docs/performance.md).
 */
function entryGraph(): { plugin: Plugin; has: (id: string) => boolean } {
  const ids = new Set<string>();
  const plugin: Plugin = {
    name: 'entry-graph',
    apply: 'build',
    buildEnd() {
      ids.clear();
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const queue = [...entries];
      while (queue.length > 0) {
        const id = queue.pop()!;
        if (ids.has(id)) continue;
        ids.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  return { plugin, has: (id) => ids.has(id) };
}

/**
 * Writes `<outDir>.chunks.json` beside the build (not inside it, so it is never served): for every
 * script, the packages in it and their rendered bytes. `npm run bench:web` reads it to say which
 * libraries each screen loads and to check that heavy ones stay off the first screens.
 */
function chunkPackages(): Plugin {
  let report: Record<string, Record<string, number>> = {};
  return {
    name: 'chunk-packages',
    apply: 'build',
    generateBundle(_options, bundle) {
      report = {};
      for (const [file, chunk] of Object.entries(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const packages: Record<string, number> = {};
        for (const [id, info] of Object.entries(chunk.modules)) {
          const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
          const name = match ? match[1]! : 'src';
          packages[name] = (packages[name] ?? 0) + info.renderedLength;
        }
        report[file] = packages;
      }
    },
    writeBundle(options) {
      if (options.dir) fs.writeFileSync(`${options.dir}.chunks.json`, JSON.stringify(report, null, 1));
    },
  };
}

/**
 * The entry's style sheet (the login form's, 1.5 KiB gzip) goes into index.html: one round trip
 * less before the first paint on a slow network. The CSP allows inline styles (antd's CSS-in-JS).
 * The file stays: the console's chunks name it as a dependency when they load.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'inline-entry-css',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset') return;
      let source = String(html.source);
      source = source.replace(
        /<link rel="stylesheet" crossorigin href="\.\/(assets\/[^"]+\.css)">/g,
        (link, file: string) => {
          const css = bundle[file];
          if (!css || css.type !== 'asset') return link;
          return `<style>${String(css.source)}</style>`;
        },
      );
      html.source = source;
    },
  };
}

/**
 * Writes the login form (src/web/app/prerender.tsx, rendered by a throw-away Vite server in SSR
 * mode) into index.html's root element, so the login route paints before its script arrives.
 */
function prerenderLogin(): Plugin {
  return {
    name: 'prerender-login',
    apply: 'build',
    async transformIndexHtml(html) {
      const server = await createServer({
        configFile: false,
        root: 'src/web',
        logLevel: 'silent',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        css: { modules: CSS_MODULES },
        plugins: [react()],
      });
      try {
        const { renderLogin } = (await server.ssrLoadModule('/app/prerender.tsx')) as {
          renderLogin: () => string;
        };
        return html
          .replace('</head>', `<script>${BOOT_SCRIPT}</script></head>`)
          .replace(
            '<div id="root"></div>',
            `<div id="root"><div class="prerendered">${renderLogin()}</div></div>`,
          );
      } finally {
        await server.close();
      }
    },
  };
}

/**
 * The console imports endpoint constants and types from src/shared/api, whose files also build the
 * server's zod schemas when they load. Marking the `z.` calls of our shared files pure lets the
 * schemas a screen does not use drop out (zod, ~24 KiB gzip, stays off the login route and the
 * dashboard). Only our files: Rolldown's global `manualPureFunctions: ['z']` also dropped calls on
 * any library variable named `z`, such as node-forge's big-integer `z.sqrTo(r, r2)`, which broke the
 * password encryption on plain-HTTP hosts (e2e/intranet.e2e.ts).
 */
function pureSchemas(): Plugin {
  return {
    name: 'pure-schemas',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/src\/shared\/.+\.ts$/.test(id) || !code.includes("from 'zod'")) return null;
      return { code: code.replace(/(?<![\w$.])z\.(?=[A-Za-z])/g, '/* @__PURE__ */ z.'), map: null };
    },
  };
}

/** The same class names in the build and in the prerender's SSR pass. */
const CSS_MODULES = { generateScopedName: '[local]_[hash:base64:6]' };

const boot = entryGraph();

// The console: src/web, built to dist/web (served by the API server at /, precompressed br + gzip).
export default defineConfig({
  root: 'src/web',
  base: './',
  plugins: [
    pureSchemas(),
    react(),
    boot.plugin,
    chunkPackages(),
    inlineEntryCss(),
    prerenderLogin(),
    compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024 }),
  ],
  css: { modules: CSS_MODULES },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    assetsDir: 'assets',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'boot',
              // Rolldown's runtime too: a file of its own would cost the login route a request
              test: (id) => boot.has(id) || id.startsWith('\0rolldown/runtime'),
              priority: 10,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/web/api': 'http://localhost:8080',
      '/login': 'http://localhost:8080',
      '/uploads': 'http://localhost:8080',
    },
  },
});
