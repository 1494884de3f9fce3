import type { UserWithAuthority as User } from "@domain/underwriting/authority-schema";
import { DeleteRecordButton } from "@web/components/records/records-card";
import { KeyRound, LogOut } from "lucide-react";
import { ResetTwoFactorAction } from "./reset-two-factor";
import { UserActionButton } from "./user-action-button";

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
  onCard,
}: {
  user: User;
  meId: string | undefined;
  onSendReset: (user: User) => void;
  onCard: boolean;
}) {
  if (user.id === meId) return null;
  return (
    <UserActionButton
      label={`Send reset link to ${user.name}`}
      text="Send reset link"
      icon={KeyRound}
      onClick={() => onSendReset(user)}
      onCard={onCard}
    />
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
  onCard,
}: {
  user: User;
  meId: string | undefined;
  onEndSessions: (user: User) => void;
  onCard: boolean;
}) {
  if (user.id === meId) return null;
  return (
    <UserActionButton
      label={`End sessions of ${user.name}`}
      text="End sessions"
      icon={LogOut}
      onClick={() => onEndSessions(user)}
      onCard={onCard}
    />
  );
}

/** A user's controls, the same in a table row and on a card (in words on a card, as icons in the table). */
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
      <ResetLinkAction user={user} meId={meId} onSendReset={actions.onSendReset} onCard={onCard} />
      <EndSessionsAction user={user} meId={meId} onEndSessions={actions.onEndSessions} onCard={onCard} />
      <ResetTwoFactorAction user={user} meId={meId} onReset={actions.onResetTwoFactor} onCard={onCard} />
      <DeleteAction user={user} meId={meId} onDelete={actions.onDelete} onCard={onCard} />
    </>
  );
}
