// First: configures zod before any schema exists (see the module).
import "./lib/zod-jitless";
// Before the router subscribes to the address: see the module.
import "./lib/leave-guard";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AppErrorBoundary } from "./app/error-screen";
import { AppProvider } from "./app/provider";
import { AppRouter } from "./app/router";

const container = document.getElementById("root");
if (!container) throw new Error("index.html must contain #root");

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <AppErrorBoundary>
        <AppRouter />
      </AppErrorBoundary>
    </AppProvider>
  </StrictMode>,
);
