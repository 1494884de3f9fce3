import type { UnsavedChangesGuard } from "../../hooks/use-unsaved-changes-guard";
import { ConfirmDialog } from "../ui/dialog";

/** The question a screen's unsaved-changes guard asks: Cancel stays with the entries, confirming leaves. */
export function UnsavedChangesDialog({
  guard,
  title,
  description,
  confirmLabel,
}: {
  guard: UnsavedChangesGuard;
  title: string;
  description: string;
  confirmLabel: string;
}) {
  return (
    <ConfirmDialog
      open={guard.asking}
      onOpenChange={(open) => {
        if (!open) guard.cancel();
      }}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      onConfirm={guard.confirm}
    />
  );
}
