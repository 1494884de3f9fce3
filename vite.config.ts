import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/**
 * The web app's import aliases (the same as tsconfig.web.json's `paths`): `@domain/...` for the shared rules,
 * `@web/...` for the app's own shared folders, instead of long `../../../..` chains. Only src/web uses them:
 * the server bundle treats bare names as npm packages.
 */
export const webAliases = {
  "@domain": fileURLToPath(new URL("./src/domain", import.meta.url)),
  "@web": fileURLToPath(new URL("./src/web", import.meta.url)),
};

// The web app lives in src/web with index.html at the repository root, so `vite build` from the root
// writes dist/web, which the API server serves (with a fallback to index.html for client routes).
export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: webAliases },
  publicDir: "public",
  build: {
    outDir: "dist/web",
    emptyOutDir: true,
    // The manifest lets bench/bundle.bench.ts measure exactly what the sign-in route loads.
    manifest: true,
    sourcemap: false,
  },
  server: {
    proxy: {
      "/api": "http://127.0.0.1:3000",
    },
  },
});
