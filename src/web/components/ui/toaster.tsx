import { lazy, Suspense, useSyncExternalStore } from "react";
import { readToasts, subscribeToToasts } from "./toast-store";

const ToastViewport = lazy(() => import("./toast-viewport"));

/**
 * The app's toasts. Most page loads raise none, so Radix Toast (and the layers it brings) is fetched when the
 * first toast is raised, and stays mounted from then on so toasts animate out and F8 reaches them.
 */
export function Toaster() {
  const raised = useSyncExternalStore(subscribeToToasts, anyToastRaised);
  if (!raised) return null;
  return (
    <Suspense fallback={null}>
      <ToastViewport />
    </Suspense>
  );
}

let everRaised = false;

function anyToastRaised(): boolean {
  everRaised ||= readToasts().length > 0;
  return everRaised;
}
