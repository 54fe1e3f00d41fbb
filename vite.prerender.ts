import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { startAppAfterFirstPaint } from './src/web/prerender/page-template';
import {
  MANIFEST_FILE,
  PRERENDERED_PAGES,
  SHELL_FILE,
  type PrerenderManifest,
} from './src/web/prerender/prerendered-pages';

const ENTRY = 'src/web/prerender/render-page.tsx';
const APP_ENTRY = 'src/web/main.tsx';
/** The prerendered pages' loader: starts the app after the first paint (docs/landing-page.md). */
const BOOT_ENTRY = 'src/web/prerender/boot.ts';
const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * Renders the public pages to HTML at the end of `vite build` (docs/landing-page.md, "Prerender"): a Vite SSR
 * build of src/web/prerender/render-page.tsx, then each page of PRERENDERED_PAGES rendered into a copy of the
 * built index.html, so the first paint needs no script; main.tsx hydrates it. In those pages the app's entry
 * script is replaced by a tiny loader (src/web/prerender/boot.ts, emitted here as an extra entry chunk) that adds
 * it after the first paint. The unrendered index.html is kept as shell.html for every other path, and a manifest
 * tells the server which file answers which path.
 */
export function prerender(): Plugin {
  let config: ResolvedConfig;
  // Only the app's own build is prerendered: Storybook builds with this config too, from another entry.
  let builtTheApp = false;
  let bootFile = '';
  return {
    name: 'mrss:prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    buildStart(options) {
      if (config.build.ssr) return;
      const inputs = Object.values(
        typeof options.input === 'string' ? [options.input] : (options.input as Record<string, string>),
      );
      const appHtml = path.resolve(config.root, 'index.html');
      if (inputs.some((input) => path.resolve(config.root, input) === appHtml))
        this.emitFile({ type: 'chunk', id: path.resolve(config.root, BOOT_ENTRY), name: 'boot' });
    },
    writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      builtTheApp = chunks.some((chunk) => chunk.moduleIds.some((id) => id.endsWith(APP_ENTRY)));
      const boot = chunks.find(
        (chunk) => chunk.isEntry && chunk.moduleIds.some((id) => id.endsWith(BOOT_ENTRY)),
      );
      if (boot && boot.imports.length + boot.dynamicImports.length > 0)
        throw new Error(`${BOOT_ENTRY} must stay one chunk, but it imports ${boot.imports.join(', ')}`);
      bootFile = boot ? config.base + boot.fileName : '';
    },
    async closeBundle() {
      if (config.build.ssr || !builtTheApp) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      const ssrOutDir = path.resolve(config.root, 'node_modules/.cache/mrss-prerender');
      await build({
        configFile: false,
        root: config.root,
        logLevel: 'warn',
        plugins: [react()],
        // Mantine ships CSS imports and ESM the Node loader cannot read as is: bundle it into the entry.
        ssr: { noExternal: [/^@mantine\//] },
        build: {
          ssr: ENTRY,
          outDir: ssrOutDir,
          emptyOutDir: true,
          rollupOptions: { output: { entryFileNames: 'render-page.mjs' } },
        },
      });
      const { renderPage } = (await import(pathToFileURL(path.join(ssrOutDir, 'render-page.mjs')).href)) as {
        renderPage: (path: string) => Promise<string>;
      };
      if (!bootFile) throw new Error(`the build has no chunk for ${BOOT_ENTRY}`);
      await writePages(outDir, renderPage, bootFile);
    },
  };
}

/** Browser globals a component may read while rendering (the text size reads localStorage): empty on the server. */
function installServerStorage(): void {
  const memory = (): Storage => {
    const data = new Map<string, string>();
    return {
      get length() {
        return data.size;
      },
      clear: () => data.clear(),
      getItem: (k) => data.get(k) ?? null,
      key: (i) => [...data.keys()][i] ?? null,
      removeItem: (k) => void data.delete(k),
      setItem: (k, v) => void data.set(k, String(v)),
    };
  };
  const g = globalThis as { localStorage?: Storage; sessionStorage?: Storage };
  g.localStorage ??= memory();
  g.sessionStorage ??= memory();
}

export async function writePages(
  outDir: string,
  renderPage: (path: string) => Promise<string>,
  bootFile: string,
): Promise<void> {
  installServerStorage();
  const shell = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  if (!shell.includes(ROOT_ELEMENT)) throw new Error(`index.html has no empty ${ROOT_ELEMENT}`);
  writeCompressed(path.join(outDir, SHELL_FILE), shell);
  const template = startAppAfterFirstPaint(inlineStylesheets(shell, outDir), bootFile);
  const manifest: PrerenderManifest = { pages: {}, shell: SHELL_FILE };
  for (const page of PRERENDERED_PAGES) {
    const html = await renderPage(page.path);
    const document = template
      .replace(/<title>[^<]*<\/title>/, () => `<title>${page.title}</title>`)
      .replace(ROOT_ELEMENT, () => `<div id="root">${html}</div>`);
    const file = path.join(outDir, page.file);
    mkdirSync(path.dirname(file), { recursive: true });
    writeCompressed(file, document);
    manifest.pages[page.path] = page.file;
  }
  writeFileSync(path.join(outDir, MANIFEST_FILE), JSON.stringify(manifest, null, 2));
}

/**
 * The first view's stylesheet written into the page (8 KiB compressed): a stylesheet link blocks the first paint
 * until a second request returns, which on a slow phone network costs more than the bytes (the CSP allows inline
 * styles). The shell keeps its link; lazy chunks still load their own stylesheets.
 */
function inlineStylesheets(html: string, outDir: string): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (_tag, href: string) => {
    const css = readFileSync(path.join(outDir, href.replace(/^\//, '')), 'utf8');
    // The disabled link is never fetched; it tells Vite's preload helper that this stylesheet is already in the
    // page. Without it, the first lazy chunk that shares these styles appends the link at the END of the head, and
    // its base rules (UnstyledButton's padding: 0) then win over the later chunks' component rules of the same
    // layer (tabs without padding after signing in from the landing page).
    return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style><link rel="stylesheet" href="${href}" disabled>`;
  });
}

/** The page and its .br and .gz copies (as vite.precompress.ts writes for every other file of the build). */
function writeCompressed(file: string, text: string): void {
  const bytes = Buffer.from(text);
  writeFileSync(file, bytes);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
}
