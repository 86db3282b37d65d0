// Vite build of the omo SPA and the vitest project `web`.
// The server sends a strict CSP (script-src 'self'; style-src 'self'): nothing here may inline scripts or
// styles, so the module preload polyfill (an inline script) is off and CSS is always emitted as files.
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const buildNumber = process.env.BUILD_NUMBER ?? `local-${new Date().toISOString().slice(0, 10)}`;

export default defineConfig({
  plugins: [react()],
  define: {
    __BUILD_NUMBER__: JSON.stringify(buildNumber),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    assetsInlineLimit: 0,
    cssCodeSplit: true,
    sourcemap: false,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // The libraries every page needs in one long-cached chunk, named for what it is; the form
        // libraries and the flow screens load with the first screen that uses them.
        advancedChunks: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|i18next|react-i18next|zod|cookie|set-cookie-parser)[\\/]|packages[\\/]domain/,
            },
          ],
        },
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': {
        target: 'http://localhost:3000',
        changeOrigin: false,
        // The server takes state-changing calls from its own origin only: the dev server's pages are its own.
        configure(proxy) {
          proxy.on('proxyReq', (proxyReq, req) => {
            if (req.headers.origin === 'http://localhost:5173')
              proxyReq.setHeader('origin', 'http://localhost:3000');
          });
        },
      },
    },
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
  },
});
