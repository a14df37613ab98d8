import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const apiTarget = process.env.API_URL ?? "http://localhost:3000";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
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
