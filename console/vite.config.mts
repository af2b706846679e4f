import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Writes a Brotli and a gzip copy beside every JavaScript, CSS and HTML file of the build, so the
 * service sends compressed bytes without compressing on each request. From the files as written
 * (the last plugins still change chunks after generateBundle).
 */
function precompress(): Plugin {
  return {
    name: 'console-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg)$/.test(fileName)) continue;
        const path = join(options.dir ?? '', fileName);
        const source = readFileSync(path);
        writeFileSync(`${path}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

// The console is served by the service under /console/; its build lands in the service's build
// output (dist/console) so one `npm run build` produces both.
export default defineConfig({
  root,
  base: '/console/',
  publicDir: false,
  plugins: [precompress()],
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: '../dist/console',
    emptyOutDir: true,
    target: 'es2022',
    // No inline script may run under the console's CSP: no module-preload polyfill, and no asset
    // inlined as a data: URL that a stricter policy would refuse.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    reportCompressedSize: false,
    // The first load is one chunk on purpose (a page change then fetches only data); its
    // compressed size is what counts, and test/browser/console-site.e2e-spec.ts holds it.
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      onwarn(warning, warn) {
        // React libraries mark modules "use client" for server components; meaningless in a browser bundle.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
});
