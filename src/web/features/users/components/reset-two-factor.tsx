import type { UserWithAuthority as User } from "@domain/underwriting/authority-schema";
import { Button } from "@web/components/ui/button";
import { ConfirmDialog } from "@web/components/ui/dialog";
import { toast } from "@web/components/ui/toast-store";
import { errorMessageOf } from "@web/lib/api-client";
import { ShieldOff } from "lucide-react";
import { useResetTwoFactor } from "../api/reset-two-factor";

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
  const confirm = async () => {
    if (!user) return;
    try {
      const { mustEnrol } = await reset.mutateAsync(user.id);
      toast({
        title: "Two-Factor Reset",
        description: mustEnrol
          ? `${user.name} was signed out and sets up a new authenticator app at their next sign-in.`
          : `${user.name} was signed out and signs in with their password alone until they set it up again.`,
      });
    } catch (error) {
      toast({ title: "Two-Factor Error", description: errorMessageOf(error), variant: "destructive" });
    }
    onClose();
  };
  return (
    <ConfirmDialog
      open={user !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Reset two-factor sign-in"
      description={`Reset the second factor of "${user?.name ?? ""}"? Their authenticator app and recovery codes stop working and they are signed out everywhere. Do this only once you are sure it is them asking.`}
      confirmLabel="Reset Two-Factor"
      busyLabel="Resetting..."
      busy={reset.isPending}
      onConfirm={confirm}
    />
  );
}
