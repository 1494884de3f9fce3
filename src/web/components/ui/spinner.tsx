import { cn } from "../../lib/cn";
import { LoaderCircleIcon } from "./shell-icons";

export function Spinner({ className, label = "Loading" }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <LoaderCircleIcon className={cn("h-5 w-5 animate-spin text-blue-800", className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** The full-screen spinner docs/product/screens.md shows while the session (or a route's code) loads. */
export function FullPageSpinner({ label = "Loading" }: { label?: string }) {
  return (
    <div className="flex min-h-[60vh] w-full items-center justify-center">
      <Spinner className="h-8 w-8" label={label} />
    </div>
  );
}
