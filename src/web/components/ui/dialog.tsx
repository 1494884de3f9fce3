import { lazy, type ReactNode, Suspense, useState } from "react";
import type { ConfirmDialogProps, DialogProps } from "./dialog-panels";

const DialogPanel = lazy(() => import("./dialog-panels").then((panels) => ({ default: panels.DialogPanel })));
const ConfirmDialogPanel = lazy(() =>
  import("./dialog-panels").then((panels) => ({ default: panels.ConfirmDialogPanel })),
);

/**
 * True from the first time `open` is true: a dialog's code is fetched when it first opens, and it stays mounted
 * after that so Radix can close it (and give focus back) the usual way.
 */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

function WhenOpened({ open, children }: { open: boolean; children: ReactNode }) {
  return useOpenedOnce(open) ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** A modal dialog (Radix Dialog): a title, an optional description, and its content. */
export function Dialog(props: DialogProps) {
  return (
    <WhenOpened open={props.open}>
      <DialogPanel {...props} />
    </WhenOpened>
  );
}

/** An accessible confirmation (Radix AlertDialog): focus starts on Cancel, Escape cancels. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <WhenOpened open={props.open}>
      <ConfirmDialogPanel {...props} />
    </WhenOpened>
  );
}
