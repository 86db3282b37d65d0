// Vite build of the staff back office: an entry and a bundle of its own (dist-staff), so that nothing of
// it reaches the applicant's pages. Served by the staff listener under the same strict CSP (no inline
// script or style).
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist-staff',
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    rollupOptions: { input: 'staff.html' },
  },
});
