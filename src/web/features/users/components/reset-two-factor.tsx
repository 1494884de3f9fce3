import type { UserWithAuthority as User } from "@domain/underwriting/authority-schema";
import { Button } from "@web/components/ui/button";
import { ShieldOff } from "lucide-react";
import { useResetTwoFactor } from "../api/reset-two-factor";
import { UserConfirmDialog } from "./user-dialogs";

/**
 * For a user who lost their phone and their recovery codes (docs/product/permissions.md "Two-factor sign-in"):
 * only on a user with a second factor on, and never on one's own row, where Account turns it off with a code.
 */
export function ResetTwoFactorAction({
  user,
  meId,
  onReset,
}: {
  user: User;
  meId: string | undefined;
  onReset: (user: User) => void;
}) {
  if (user.id === meId || !user.twoFactorOn) return null;
  return (
    <Button variant="outline" size="sm" aria-label={`Reset two-factor of ${user.name}`} onClick={() => onReset(user)}>
      <ShieldOff aria-hidden="true" className="h-4 w-4" />
      Reset two-factor
    </Button>
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
