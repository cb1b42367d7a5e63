import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// The console: src/web, built to dist/web (served by the API server at /, precompressed br + gzip).
export default defineConfig({
  root: 'src/web',
  base: './',
  plugins: [react(), compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024 })],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    assetsDir: 'assets',
    rolldownOptions: {
      output: {
        // Libraries are grouped by exactly which screens use them, so the login route does not load
        // the layout's menu, tabs or colour picker (docs/performance.md).
        codeSplitting: {
          groups: [{ name: 'vendor', test: /node_modules/, entriesAware: true }],
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
