// First: configures zod before any schema exists (see the module).
import "./lib/zod-jitless";
// Before the router subscribes to the address: see the module.
import "./lib/leave-guard";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { AppErrorBoundary } from "./app/error-screen";
import { AppProvider } from "./app/provider";
import { AppRouter } from "./app/router";

const container = document.getElementById("root");
if (!container) throw new Error("index.html must contain #root");

// The first drawing of the app as a transition: React draws it in slices and lets the browser answer input between
// them, instead of one long task a phone cannot interrupt.
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProvider>
        <AppErrorBoundary>
          <AppRouter />
        </AppErrorBoundary>
      </AppProvider>
    </StrictMode>,
  );
});
