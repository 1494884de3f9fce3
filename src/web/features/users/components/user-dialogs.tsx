import type { UserWithAuthority as User } from "@domain/underwriting/authority-schema";
import { ConfirmDialog } from "@web/components/ui/dialog";
import { toast } from "@web/components/ui/toast-store";
import { errorMessageOf } from "@web/lib/api-client";
import { useDeleteUser } from "../api/delete-user";
import { useEndUserSessions } from "../api/end-user-sessions";

interface UserDialogProps {
  /** The user asked about; the dialog is open while one is set. */
  user: User | null;
  onClose: () => void;
}

/**
 * A question about one user before an action on them: on confirming, the action runs and its toast says what
 * happened (or the refusal, as a destructive toast titled `errorTitle`), and the dialog closes either way.
 */
export function UserConfirmDialog({
  user,
  onClose,
  title,
  question,
  confirmLabel,
  busyLabel,
  busy,
  errorTitle,
  act,
}: UserDialogProps & {
  title: string;
  question: (name: string) => string;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  errorTitle: string;
  act: (user: User) => Promise<{ title: string; description: string }>;
}) {
  const confirm = async () => {
    if (!user) return;
    try {
      toast(await act(user));
    } catch (error) {
      toast({ title: errorTitle, description: errorMessageOf(error), variant: "destructive" });
    }
    onClose();
  };
  return (
    <ConfirmDialog
      open={user !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      description={question(user?.name ?? "")}
      confirmLabel={confirmLabel}
      busyLabel={busyLabel}
      busy={busy}
      onConfirm={confirm}
    />
  );
}

/** Signing a user out everywhere (docs/product/permissions.md "Sessions"); the toast says how many ended. */
export function EndSessionsDialog(props: UserDialogProps) {
  const endSessions = useEndUserSessions();
  return (
    <UserConfirmDialog
      {...props}
      title="End sessions"
      question={(name) => `Sign "${name}" out everywhere? They sign in again to go on.`}
      confirmLabel="End Sessions"
      busyLabel="Ending..."
      busy={endSessions.isPending}
      errorTitle="Sessions Error"
      act={async (user) => {
        const { sessionsEnded } = await endSessions.mutateAsync(user.id);
        const ended = sessionsEnded === 1 ? "1 session" : `${sessionsEnded} sessions`;
        return {
          title: "Sessions Ended",
          description:
            sessionsEnded === 0
              ? `${user.name} was not signed in anywhere.`
              : `${user.name} was signed out of ${ended}.`,
        };
      }}
    />
  );
}

/** Deleting a user (never oneself: their row offers no Delete), who is signed out at once. */
export function DeleteUserDialog(props: UserDialogProps) {
  const deleteUser = useDeleteUser();
  return (
    <UserConfirmDialog
      {...props}
      title="Delete user"
      question={(name) => `Are you sure you want to delete user "${name}"? This action cannot be undone.`}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={deleteUser.isPending}
      errorTitle="Delete Error"
      act={async (user) => {
        await deleteUser.mutateAsync(user.id);
        return { title: "User Deleted", description: `${user.name} has been removed and signed out.` };
      }}
    />
  );
}
