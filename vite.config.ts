import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  root: '.',
  build: { outDir: 'dist/web', sourcemap: false, chunkSizeWarningLimit: 800 },
  server: { proxy: { '/mrssapi': 'http://localhost:8080' } },
});
