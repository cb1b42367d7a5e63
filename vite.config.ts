import fs from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

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

const boot = entryGraph();

// The console: src/web, built to dist/web (served by the API server at /, precompressed br + gzip).
export default defineConfig({
  root: 'src/web',
  base: './',
  plugins: [
    react(),
    boot.plugin,
    chunkPackages(),
    compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024 }),
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    assetsDir: 'assets',
    rolldownOptions: {
      // The console imports endpoint constants and types from src/shared/api, whose files also build
      // the server's zod schemas; the console validates nothing with them, so unused schemas are
      // dropped rather than bringing zod (~24 KiB gzip) to every screen.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: { groups: [{ name: 'boot', test: (id) => boot.has(id), priority: 10 }] },
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
