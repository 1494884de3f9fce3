import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from "@domain/constants";
import { X } from "lucide-react";
import { Toast } from "radix-ui";
import { cn } from "../../lib/cn";
import { focusRing } from "./button";
import { dismissToast, useToasts } from "./toast-store";

/**
 * Renders the toast store with Radix Toast: swipe right to dismiss, F8 focuses the viewport. Loaded with the
 * first toast (see toaster.tsx), so no screen downloads Radix Toast before it has something to say.
 */
export default function ToastViewport() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          type={item.variant === "destructive" ? "foreground" : "background"}
          data-variant={item.variant ?? "default"}
          data-toast=""
          className={cn(
            "group pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-md border p-4 pr-8 shadow-lg",
            "data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full",
            item.variant === "destructive"
              ? "border-red-700 bg-red-700 text-white"
              : "border-slate-200 bg-white text-slate-900",
          )}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>
            {item.description ? (
              <Toast.Description className="text-sm opacity-90">{item.description}</Toast.Description>
            ) : null}
          </div>
          {item.action ? (
            <Toast.Action
              altText={item.action.altText}
              onClick={item.action.onClick}
              className={cn("rounded border px-2 py-1 text-xs font-medium", focusRing)}
            >
              {item.action.label}
            </Toast.Action>
          ) : null}
          <Toast.Close aria-label="Close" className={cn("absolute top-2 right-2 rounded p-0.5 opacity-80", focusRing)}>
            <X aria-hidden="true" className="h-4 w-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      {/*
        Top right, under the top bar: the steps' Continue and Complete, the dialogs' buttons and the forms'
        Save sit at the bottom of the content, so a toast never covers the next click. Only the toast cards take
        clicks; the rest of the region lets them through to the page underneath.
      */}
      <Toast.Viewport
        hotkey={["F8"]}
        className="pointer-events-none fixed top-14 right-0 z-[100] flex max-h-[calc(100vh-3.5rem)] w-full flex-col gap-2 p-4 md:max-w-[420px]"
      />
    </Toast.Provider>
  );
}
