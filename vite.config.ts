import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

/**
 * The web app's import aliases (the same as tsconfig.web.json's `paths`): `@domain/...` for the shared rules,
 * `@web/...` for the app's own shared folders, instead of long `../../../..` chains. Only src/web uses them:
 * the server bundle treats bare names as npm packages.
 */
export const webAliases = {
  "@domain": fileURLToPath(new URL("./src/domain", import.meta.url)),
  "@web": fileURLToPath(new URL("./src/web", import.meta.url)),
};

/**
 * Puts the stylesheet index.html links (src/web/styles/shell.css: the sign-in screen and the shell) into the page
 * as a <style>, so the first paint waits for no stylesheet request (ADR 0056). The content security policy allows
 * inline styles ('unsafe-inline' in style-src). The file is named shell-[hash].css so that nothing asks for it
 * afterwards: Vite counts the page's stylesheet among the entry chunk's and lists it in the preload lists of lazy
 * chunks that import from the entry (a list entry is replaced by the list's first, the module being imported),
 * and the manifest, which bench/bundle.bench.ts reads, stops naming it. The build fails if a chunk still names
 * the file. The signed-in screens' full sheet stays a file, loaded with them.
 */
const SHELL_STYLESHEET = /^assets\/shell-[\w-]+\.css$/;

function inlineLinkedStylesheet(): Plugin {
  const inlined = new Set<string>();
  return {
    name: "inline-linked-stylesheet",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (link, file: string) => {
          const asset = bundle[file];
          if (asset?.type !== "asset" || !SHELL_STYLESHEET.test(file)) return link;
          delete bundle[file];
          inlined.add(file);
          return `<style>${String(asset.source)}</style>`;
        });
      },
    },
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== "chunk") continue;
          chunk.code = chunk.code.replace(/\bm\.f=\[("[^"]+")([^\]]*)\]/g, (list, first: string) =>
            list.replace(/"assets\/shell-[\w-]+\.css"/g, first),
          );
          if (/assets\/shell-[\w-]+\.css/.test(chunk.code))
            this.error(`${chunk.fileName} still asks for the inlined stylesheet`);
        }
        const manifest = bundle[".vite/manifest.json"];
        if (manifest?.type !== "asset") return;
        const chunks = JSON.parse(String(manifest.source)) as Record<string, { css?: string[] }>;
        for (const chunk of Object.values(chunks)) {
          if (chunk.css) chunk.css = chunk.css.filter((file) => !inlined.has(file));
          if (chunk.css?.length === 0) delete chunk.css;
        }
        manifest.source = JSON.stringify(chunks, null, 2);
      },
    },
  };
}

/**
 * Three groups of modules, each bundled into one file instead of the many small chunks the bundler's default split
 * makes of them (ADR 0056). A phone on HTTP/1.1 fetches at most six files at a time, each costing a round trip and
 * some 450 bytes of headers, so a screen of sixty files waited ten round trips for its code; these groups cost no
 * screen a byte it did not already load:
 *  - `index`: what the page runs at every address (the entry and all it imports), in the entry's own file rather
 *    than in four, the rest split off because screens import them too;
 *  - `signed-in`: the signed-in shell (`AppLayout`, imported by every signed-in screen) and everything it uses;
 *  - `icons`: the icons of every screen, some 6 KB compressed, less than the headers of the dozen requests they
 *    were on a screen such as step 7.
 * Nothing the sign-in screen loads is in the other two groups, so sign-in loads no icon or signed-in code.
 */
function screenGroups(): {
  plugin: Plugin;
  groups: { name: string; priority: number; test?: (id: string) => boolean; tags?: "$initial"[] }[];
} {
  const initial = new Set<string>();
  const shell = new Set<string>();
  const plugin: Plugin = {
    name: "screen-groups",
    apply: "build",
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const walk = (roots: string[], into: Set<string>) => {
        const stack = [...roots];
        for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
          if (into.has(id) || initial.has(id)) continue;
          into.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      };
      walk(
        ids.filter((id) => this.getModuleInfo(id)?.isEntry || /[\\/]routes[\\/]login-route\.tsx$/.test(id)),
        initial,
      );
      walk(
        ids.filter((id) => /[\\/]layout[\\/]app-layout\.tsx$/.test(id)),
        shell,
      );
      if (shell.size === 0) this.error("the signed-in shell (components/layout/app-layout.tsx) was not found");
    },
  };
  return {
    plugin,
    groups: [
      { name: "index", priority: 3, tags: ["$initial"] },
      { name: "icons", priority: 2, test: (id) => !initial.has(id) && /[\\/]lucide-react[\\/]/.test(id) },
      { name: "signed-in", priority: 1, test: (id) => shell.has(id) },
    ],
  };
}
const grouped = screenGroups();

// The web app lives in src/web with index.html at the repository root, so `vite build` from the root
// writes dist/web, which the API server serves (with a fallback to index.html for client routes).
export default defineConfig({
  plugins: [react(), tailwindcss(), inlineLinkedStylesheet(), grouped.plugin],
  resolve: { alias: webAliases },
  publicDir: "public",
  build: {
    outDir: "dist/web",
    emptyOutDir: true,
    // The manifest lets bench/bundle.bench.ts measure exactly what the sign-in route loads.
    manifest: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // The groups name their modules exactly (their dependencies outside the entry are in them already).
        codeSplitting: { includeDependenciesRecursively: false, groups: grouped.groups },
        assetFileNames: (asset) =>
          asset.originalFileNames.includes("index.html") && asset.names.some((name) => name.endsWith(".css"))
            ? "assets/shell-[hash][extname]"
            : "assets/[name]-[hash][extname]",
      },
    },
  },
  // `npm run dev:web`: the app with hot reload, its API calls passed to the API server (`npm run dev`, or
  // API_URL). The browser's Host header goes through unchanged (changeOrigin: false), so the session cookie is
  // set for the address the browser shows and the server's cross-site check sees its Origin as the request's own.
  server: {
    proxy: {
      "/api": { target: process.env.API_URL ?? "http://127.0.0.1:3000", changeOrigin: false },
    },
  },
});
