import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, runnerImport } from "vite";

const apiTarget = process.env.API_URL ?? "http://localhost:3000";
const alias = { "@": path.resolve(import.meta.dirname, "src") };

/** The Inter subset every page's text is set in (the other subsets are for other scripts: Cyrillic, Greek, …). */
const LATIN_FONT = /inter-latin-wght-normal-[\w-]+\.woff2$/;

/**
 * The landing page, painted from its HTML. The build renders the landing route once (src/app/landing-prerender.tsx)
 * and writes it into dist/landing.html, a copy of index.html with the page's markup inside #root; the server sends
 * that file for `/` (and index.html, empty, for every other address). A first-time visitor's browser then paints
 * the page as soon as the HTML and the stylesheet are in, instead of after downloading, running and rendering the
 * script; the script still loads at once and renders the same page over it.
 *
 * It also preloads the Latin Inter font from every page's head: otherwise the browser learns of it only once the
 * stylesheet is in and a text needs it, and text laid out in the fallback font is laid out, painted and rastered
 * again when Inter arrives (`font-display: swap`), all before the first paint is on screen on a slow machine.
 */
function landingPage(): Plugin {
  let outDir = "";
  return {
    name: "orbitpost:landing-page",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        const font = Object.values(ctx.bundle ?? {}).find((file) => LATIN_FONT.test(file.fileName));
        if (!font)
          throw new Error("the build has no Latin Inter font to preload (did @fontsource-variable/inter move?)");
        return [
          {
            tag: "link",
            attrs: { rel: "preload", href: `/${font.fileName}`, as: "font", type: "font/woff2", crossorigin: "" },
            injectTo: "head",
          },
        ];
      },
    },
    async closeBundle() {
      const shell = await readFile(path.join(outDir, "index.html"), "utf8");
      const root = '<div id="root"></div>';
      if (!shell.includes(root)) throw new Error(`index.html has no ${root} to render the landing page into`);
      // Through Vite's module runner: the page's modules are TypeScript with the `@/` paths, as in the browser.
      const { module } = await runnerImport<{ renderLandingPage(): string }>(
        path.join(import.meta.dirname, "src/app/landing-prerender.tsx"),
        { configFile: false, resolve: { alias }, logLevel: "warn" },
      );
      const page = shell.replace(root, `<div id="root">${module.renderLandingPage()}</div>`);
      await writeFile(path.join(outDir, "landing.html"), page);
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), landingPage()],
  resolve: { alias },
  server: {
    port: 5173,
    proxy: { "/api": { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 1000,
    // Every browser the app supports preloads modules itself: no polyfill in the landing page's script.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // The shared package's modules only declare things: a screen that uses one of its constants gets
      // that module, not every schema (and zod) behind the package's index.
      treeshake: { moduleSideEffects: [{ test: /packages[\\/]shared[\\/]src[\\/]/, sideEffects: false }] },
    },
  },
});
