import type { UserWithAuthority as User } from "@domain/underwriting/authority-schema";
import { ShieldOff } from "lucide-react";
import { useResetTwoFactor } from "../api/reset-two-factor";
import { UserActionButton } from "./user-action-button";
import { UserConfirmDialog } from "./user-dialogs";

/**
 * For a user who lost their phone and their recovery codes (docs/product/permissions.md "Two-factor sign-in"):
 * only on a user with a second factor on, and never on one's own row, where Account turns it off with a code.
 */
export function ResetTwoFactorAction({
  user,
  meId,
  onReset,
  onCard,
}: {
  user: User;
  meId: string | undefined;
  onReset: (user: User) => void;
  onCard: boolean;
}) {
  if (user.id === meId || !user.twoFactorOn) return null;
  return (
    <UserActionButton
      label={`Reset two-factor of ${user.name}`}
      text="Reset two-factor"
      icon={ShieldOff}
      onClick={() => onReset(user)}
      onCard={onCard}
    />
  );
}

/** Asks before resetting `user`'s second factor, then says what happens at their next sign-in. */
export function ResetTwoFactorDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const reset = useResetTwoFactor();
  return (
    <UserConfirmDialog
      user={user}
      onClose={onClose}
      title="Reset two-factor sign-in"
      question={(name) =>
        `Reset the second factor of "${name}"? Their authenticator app and recovery codes stop working and they are signed out everywhere. Do this only once you are sure it is them asking.`
      }
      confirmLabel="Reset Two-Factor"
      busyLabel="Resetting..."
      busy={reset.isPending}
      errorTitle="Two-Factor Error"
      act={async ({ id, name }) => {
        const { mustEnrol } = await reset.mutateAsync(id);
        return {
          title: "Two-Factor Reset",
          description: mustEnrol
            ? `${name} was signed out and sets up a new authenticator app at their next sign-in.`
            : `${name} was signed out and signs in with their password alone until they set it up again.`,
        };
      }}
    />
  );
}
