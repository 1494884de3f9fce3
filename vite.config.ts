import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The web app lives in src/web with index.html at the repository root, so `vite build` from the root
// writes dist/web, which the API server serves (with a fallback to index.html for client routes).
export default defineConfig({
  plugins: [react(), tailwindcss()],
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
