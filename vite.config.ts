import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './vite.precompress';
import { prerender } from './vite.prerender';

export default defineConfig({
  // prerender() renders the public pages into dist/web after the bundle is written (vite.prerender.ts).
  plugins: [react(), precompress(), prerender()],
  root: '.',
  build: { outDir: 'dist/web', sourcemap: false, chunkSizeWarningLimit: 800 },
  server: { proxy: { '/mrssapi': 'http://localhost:8080' } },
});
