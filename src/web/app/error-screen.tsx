import { Component, type ReactNode } from "react";
import { Button } from "../components/ui/button";

interface State {
  failed: boolean;
}

/**
 * The app's error screen: when a screen cannot be shown (its code failed to load over a dropped connection, or
 * it failed while drawing), the user sees that and a way to try again, rather than a screen that stops
 * responding with the error only in the browser's console. Saved answers are on the server, so reloading loses
 * nothing that was saved. React still reports the error to the console.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="flex min-h-[60vh] flex-col items-center justify-center px-4 text-center">
        <h1 className="text-2xl font-semibold text-slate-900">This page could not be shown</h1>
        <p className="mt-2 max-w-md text-sm text-slate-600">
          Something went wrong while opening it, possibly a lost connection. Anything you saved is kept.
        </p>
        <Button type="button" className="mt-6" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      </main>
    );
  }
}
