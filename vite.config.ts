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

const boot = entryGraph();

// The console: src/web, built to dist/web (served by the API server at /, precompressed br + gzip).
export default defineConfig({
  root: 'src/web',
  base: './',
  plugins: [react(), boot.plugin, compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024 })],
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
