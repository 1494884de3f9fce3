import type { UserWithAuthority as User } from "@domain/underwriting/authority-schema";
import { DeleteRecordButton } from "@web/components/records/records-card";
import { Button } from "@web/components/ui/button";
import { KeyRound, LogOut } from "lucide-react";
import { ResetTwoFactorAction } from "./reset-two-factor";

/** What each user's controls do; every one opens a dialog or sends at once. */
export interface UserActionHandlers {
  onDelete: (user: User) => void;
  onEditAuthority: (user: User) => void;
  onSendReset: (user: User) => void;
  onEndSessions: (user: User) => void;
  onResetTwoFactor: (user: User) => void;
}

/** Delete, or 'You' on one's own row. */
function DeleteAction({
  user,
  meId,
  onDelete,
  onCard = false,
}: {
  user: User;
  meId: string | undefined;
  onDelete: (user: User) => void;
  onCard?: boolean;
}) {
  if (user.id === meId) return <span className="text-xs text-slate-600">You</span>;
  return <DeleteRecordButton label={`Delete user ${user.name}`} onDelete={() => onDelete(user)} onCard={onCard} />;
}

/**
 * Sends the user a one-time link to set a new password (docs/product/permissions.md "Passwords"); not on one's
 * own row, where Account changes the password with the current one.
 */
function ResetLinkAction({
  user,
  meId,
  onSendReset,
}: {
  user: User;
  meId: string | undefined;
  onSendReset: (user: User) => void;
}) {
  if (user.id === meId) return null;
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={`Send reset link to ${user.name}`}
      onClick={() => onSendReset(user)}
    >
      <KeyRound aria-hidden="true" className="h-4 w-4" />
      Send reset link
    </Button>
  );
}

/**
 * Signs the user out everywhere (docs/product/permissions.md "Sessions"); not on one's own row, where Account lists
 * one's sessions.
 */
function EndSessionsAction({
  user,
  meId,
  onEndSessions,
}: {
  user: User;
  meId: string | undefined;
  onEndSessions: (user: User) => void;
}) {
  if (user.id === meId) return null;
  return (
    <Button variant="outline" size="sm" aria-label={`End sessions of ${user.name}`} onClick={() => onEndSessions(user)}>
      <LogOut aria-hidden="true" className="h-4 w-4" />
      End sessions
    </Button>
  );
}

/** A user's controls, the same in a table row and on a card. */
export function UserActions({
  user,
  meId,
  actions,
  onCard = false,
}: {
  user: User;
  meId: string | undefined;
  actions: UserActionHandlers;
  onCard?: boolean;
}) {
  return (
    <>
      <ResetLinkAction user={user} meId={meId} onSendReset={actions.onSendReset} />
      <EndSessionsAction user={user} meId={meId} onEndSessions={actions.onEndSessions} />
      <ResetTwoFactorAction user={user} meId={meId} onReset={actions.onResetTwoFactor} />
      <DeleteAction user={user} meId={meId} onDelete={actions.onDelete} onCard={onCard} />
    </>
  );
}
