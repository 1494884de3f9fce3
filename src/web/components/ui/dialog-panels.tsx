import { AlertDialog as RadixAlertDialog, Dialog as RadixDialog } from "radix-ui";
import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { Button, type ButtonVariant } from "./button";

const overlay = "fixed inset-0 z-40 bg-slate-900/40";
const panel =
  "fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[min(calc(100vw-2rem),32rem)] -translate-x-1/2 overflow-y-auto -translate-y-1/2 rounded-lg bg-white p-5 shadow-xl focus:outline-none";

/*
 * Radix Dialog and AlertDialog (focus trap, scroll lock, outside-click layers): loaded by dialog.tsx the first
 * time a dialog opens, never with the screen that may open it.
 */

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  /**
   * Where focus goes once the dialog has closed: by default back to the button that opened it, which a change
   * made in the dialog may have removed (call `event.preventDefault()` and focus elsewhere).
   */
  onCloseAutoFocus?: (event: Event) => void;
}

export function DialogPanel({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
  onCloseAutoFocus,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlay} />
        <RadixDialog.Content className={cn(panel, className)} onCloseAutoFocus={onCloseAutoFocus}>
          <RadixDialog.Title className="text-base font-semibold text-slate-900">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-1 text-sm text-slate-600">{description}</RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
          )}
          <div className="mt-4">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  busyLabel?: string;
  busy?: boolean;
  /** Red for a change that loses something (the default); primary for a step forward such as binding. */
  confirmVariant?: ButtonVariant;
  /** The confirmation cannot be given yet (what it would do is held, or still being checked). */
  confirmDisabled?: boolean;
  onConfirm: () => void;
}

/** An accessible confirmation (Radix AlertDialog): focus starts on Cancel, Escape cancels. */
export function ConfirmDialogPanel({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  busyLabel,
  busy = false,
  confirmVariant = "destructive",
  confirmDisabled = false,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <RadixAlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixAlertDialog.Portal>
        <RadixAlertDialog.Overlay className={overlay} />
        <RadixAlertDialog.Content className={panel}>
          <RadixAlertDialog.Title className="text-base font-semibold text-slate-900">{title}</RadixAlertDialog.Title>
          <RadixAlertDialog.Description className="mt-2 text-sm text-slate-700">
            {description}
          </RadixAlertDialog.Description>
          <div className="mt-5 flex justify-end gap-2">
            <RadixAlertDialog.Cancel asChild>
              <Button variant="outline">Cancel</Button>
            </RadixAlertDialog.Cancel>
            <Button
              variant={confirmVariant}
              disabled={busy || confirmDisabled}
              onClick={(event) => {
                // Keep the dialog open until the caller closes it, so a failure can be retried.
                event.preventDefault();
                onConfirm();
              }}
            >
              {busy && busyLabel ? busyLabel : confirmLabel}
            </Button>
          </div>
        </RadixAlertDialog.Content>
      </RadixAlertDialog.Portal>
    </RadixAlertDialog.Root>
  );
}
