import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './vite.precompress';

export default defineConfig({
  plugins: [react(), precompress()],
  root: '.',
  build: { outDir: 'dist/web', sourcemap: false, chunkSizeWarningLimit: 800 },
  server: { proxy: { '/mrssapi': 'http://localhost:8080' } },
});
