import type { Firm } from "@domain/firms/firm";
import { formatDateGb, formatDateTimeGb } from "@domain/format/dates";
import { authorityFromResponse, authoritySummary } from "@domain/underwriting/authority";
import type { UserWithAuthority as User } from "@domain/underwriting/authority-schema";
import { BrokerFirmCell } from "@web/components/firm/broker-firm-cell";
import { ROLE_BADGE_TONE } from "@web/components/layout/role-style";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardHeader, CardTitle } from "@web/components/ui/card";
import {
  CardList,
  CardListActions,
  CardListField,
  CardListFields,
  CardListHeader,
  CardListItem,
} from "@web/components/ui/card-list";
import { ConfirmDialog } from "@web/components/ui/dialog";
import { FullPageSpinner } from "@web/components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "@web/components/ui/table";
import { toast } from "@web/components/ui/toast-store";
import { MD_QUERY, useMediaQuery } from "@web/hooks/use-media-query";
import { useFirms } from "@web/lib/api/firms";
import { useMe } from "@web/lib/api/get-me";
import { useUsers } from "@web/lib/api/get-users";
import { errorMessageOf } from "@web/lib/api-client";
import { KeyRound, LogOut, Trash2 } from "lucide-react";
import { useState } from "react";
import { useDeleteUser } from "../api/delete-user";
import { useEndUserSessions } from "../api/end-user-sessions";
import { useSendPasswordReset } from "../api/send-password-reset";
import { AuthorityDialog } from "./authority-dialog";
import { ResetTwoFactorAction, ResetTwoFactorDialog } from "./reset-two-factor";

interface UserListProps {
  users: readonly User[];
  /** The broker firms a broker may be placed in. */
  firms: readonly Firm[];
  /** The signed-in administrator, who cannot delete their own account (docs/product/permissions.md). */
  meId: string | undefined;
  onDelete: (user: User) => void;
  onEditAuthority: (user: User) => void;
  onSendReset: (user: User) => void;
  onEndSessions: (user: User) => void;
  onResetTwoFactor: (user: User) => void;
}

/** An underwriter's authority in a few words, and its Edit button (docs/product/permissions.md "Authority"). */
function AuthorityCell({ user, onEditAuthority }: { user: User; onEditAuthority: (user: User) => void }) {
  if (!user.authority) return <span className="text-slate-600">-</span>;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span className="text-sm text-slate-700" data-testid="authority-summary">
        {authoritySummary(authorityFromResponse(user.authority)).join(" · ")}
      </span>
      <Button
        variant="outline"
        size="sm"
        aria-label={`Edit authority of ${user.name}`}
        onClick={() => onEditAuthority(user)}
      >
        Edit
      </Button>
    </div>
  );
}

function RoleBadge({ user }: { user: User }) {
  return <Badge tone={ROLE_BADGE_TONE[user.role]}>{user.role}</Badge>;
}

/**
 * Delete, or 'You' on one's own row: an icon in the table, and on a card the word too, since a card has no
 * column heading to say what the icon does.
 */
function DeleteAction({
  user,
  meId,
  onDelete,
  onCard = false,
}: Pick<UserListProps, "meId" | "onDelete"> & { user: User; onCard?: boolean }) {
  if (user.id === meId) return <span className="text-xs text-slate-600">You</span>;
  return (
    <Button
      variant={onCard ? "outline" : "ghost"}
      size={onCard ? "sm" : "icon"}
      aria-label={`Delete user ${user.name}`}
      onClick={() => onDelete(user)}
      className={onCard ? undefined : "text-red-700 hover:bg-red-50"}
    >
      <Trash2 aria-hidden="true" className={onCard ? "h-4 w-4 text-red-700" : "h-4 w-4"} />
      {onCard ? "Delete" : null}
    </Button>
  );
}

/**
 * Sends the user a one-time link to set a new password (docs/product/permissions.md "Passwords"); not on one's
 * own row, where Account changes the password with the current one.
 */
function ResetLinkAction({ user, meId, onSendReset }: Pick<UserListProps, "meId" | "onSendReset"> & { user: User }) {
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
}: Pick<UserListProps, "meId" | "onEndSessions"> & { user: User }) {
  if (user.id === meId) return null;
  return (
    <Button variant="outline" size="sm" aria-label={`End sessions of ${user.name}`} onClick={() => onEndSessions(user)}>
      <LogOut aria-hidden="true" className="h-4 w-4" />
      End sessions
    </Button>
  );
}

function Created({ user }: { user: User }) {
  return <time dateTime={user.createdAt}>{formatDateGb(user.createdAt)}</time>;
}

function UsersGrid({
  users,
  firms,
  meId,
  onDelete,
  onEditAuthority,
  onSendReset,
  onEndSessions,
  onResetTwoFactor,
}: UserListProps) {
  return (
    <Table>
      <TableHead>
        <tr>
          <TableHeaderCell>Name</TableHeaderCell>
          <TableHeaderCell>Email</TableHeaderCell>
          <TableHeaderCell>Role</TableHeaderCell>
          <TableHeaderCell>Firm</TableHeaderCell>
          <TableHeaderCell>Authority</TableHeaderCell>
          <TableHeaderCell>Created</TableHeaderCell>
          <TableHeaderCell>
            <span className="sr-only">Actions</span>
          </TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {users.map((user) => (
          <TableRow key={user.id} data-testid="user-row">
            <TableCell className="font-medium text-slate-900">{user.name}</TableCell>
            <TableCell>{user.email}</TableCell>
            <TableCell>
              <RoleBadge user={user} />
            </TableCell>
            <TableCell>
              <BrokerFirmCell user={user} firms={firms} />
            </TableCell>
            <TableCell>
              <AuthorityCell user={user} onEditAuthority={onEditAuthority} />
            </TableCell>
            <TableCell className="whitespace-nowrap">
              <Created user={user} />
            </TableCell>
            <TableCell className="text-right">
              {/* Wide enough for the usual three actions on one line; a fourth (Reset two-factor) goes to a second. */}
              <div className="flex min-w-76 flex-wrap items-center justify-end gap-2">
                <ResetLinkAction user={user} meId={meId} onSendReset={onSendReset} />
                <EndSessionsAction user={user} meId={meId} onEndSessions={onEndSessions} />
                <ResetTwoFactorAction user={user} meId={meId} onReset={onResetTwoFactor} />
                <DeleteAction user={user} meId={meId} onDelete={onDelete} />
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Below md, one card per user with the same values and Delete (named, 40 px high, for a finger). */
function UserCards({
  users,
  firms,
  meId,
  onDelete,
  onEditAuthority,
  onSendReset,
  onEndSessions,
  onResetTwoFactor,
}: UserListProps) {
  return (
    <CardList label="Users">
      {users.map((user) => (
        <CardListItem key={user.id} data-testid="user-row">
          <CardListHeader figure={<RoleBadge user={user} />} figureLabel="Role">
            <div className="font-medium text-slate-900">{user.name}</div>
            {/* A long address wraps anywhere: it has no spaces to wrap at, and a phone is narrow. */}
            <div className="text-sm wrap-anywhere text-slate-700">{user.email}</div>
          </CardListHeader>
          <CardListFields>
            {user.role === "BROKER" ? (
              <CardListField label="Firm">
                <BrokerFirmCell user={user} firms={firms} />
              </CardListField>
            ) : null}
            {user.authority ? (
              <CardListField label="Authority">
                <AuthorityCell user={user} onEditAuthority={onEditAuthority} />
              </CardListField>
            ) : null}
            <CardListField label="Created">
              <Created user={user} />
            </CardListField>
          </CardListFields>
          <CardListActions>
            <ResetLinkAction user={user} meId={meId} onSendReset={onSendReset} />
            <EndSessionsAction user={user} meId={meId} onEndSessions={onEndSessions} />
            <ResetTwoFactorAction user={user} meId={meId} onReset={onResetTwoFactor} />
            <DeleteAction user={user} meId={meId} onDelete={onDelete} onCard />
          </CardListActions>
        </CardListItem>
      ))}
    </CardList>
  );
}

export function UsersTable() {
  const users = useUsers();
  const firms = useFirms();
  // An administrator cannot delete their own account (docs/product/permissions.md), so their row offers no delete.
  const me = useMe();
  const deleteUser = useDeleteUser();
  const [pending, setPending] = useState<User | null>(null);
  const [editing, setEditing] = useState<User | null>(null);
  const wide = useMediaQuery(MD_QUERY);
  const sendReset = useSendPasswordReset();
  const endSessions = useEndUserSessions();
  const [ending, setEnding] = useState<User | null>(null);
  const [resetting, setResetting] = useState<User | null>(null);

  const confirmEndSessions = async () => {
    if (!ending) return;
    try {
      const { sessionsEnded } = await endSessions.mutateAsync(ending.id);
      toast({
        title: "Sessions Ended",
        description:
          sessionsEnded === 0
            ? `${ending.name} was not signed in anywhere.`
            : `${ending.name} was signed out of ${sessionsEnded === 1 ? "1 session" : `${sessionsEnded} sessions`}.`,
      });
    } catch (error) {
      toast({ title: "Sessions Error", description: errorMessageOf(error), variant: "destructive" });
    }
    setEnding(null);
  };

  const sendResetLink = async (user: User) => {
    if (sendReset.isPending) return;
    try {
      const sent = await sendReset.mutateAsync(user.id);
      toast({
        title: "Reset Link Sent",
        description: `A link to set a new password was e-mailed to ${sent.sentTo}. It works once, until ${formatDateTimeGb(sent.expiresAt)}.`,
      });
    } catch (error) {
      toast({ title: "Reset Link Error", description: errorMessageOf(error), variant: "destructive" });
    }
  };

  const confirmDelete = async () => {
    if (!pending) return;
    try {
      await deleteUser.mutateAsync(pending.id);
      toast({ title: "User Deleted", description: `${pending.name} has been removed and signed out.` });
      setPending(null);
    } catch (error) {
      toast({ title: "Delete Error", description: errorMessageOf(error), variant: "destructive" });
      setPending(null);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Users</CardTitle>
      </CardHeader>
      {users.isPending ? (
        <FullPageSpinner label="Loading users" />
      ) : users.isError ? (
        <p role="alert" className="px-4 py-6 text-sm text-red-700">
          {errorMessageOf(users.error)}
        </p>
      ) : users.data.length === 0 ? (
        <p className="px-4 py-10 text-center text-sm font-medium text-slate-700">No users found</p>
      ) : wide ? (
        <UsersGrid
          users={users.data}
          firms={firms.data ?? []}
          meId={me.data?.id}
          onDelete={setPending}
          onEditAuthority={setEditing}
          onSendReset={(user) => void sendResetLink(user)}
          onEndSessions={setEnding}
          onResetTwoFactor={setResetting}
        />
      ) : (
        <UserCards
          users={users.data}
          firms={firms.data ?? []}
          meId={me.data?.id}
          onDelete={setPending}
          onEditAuthority={setEditing}
          onSendReset={(user) => void sendResetLink(user)}
          onEndSessions={setEnding}
          onResetTwoFactor={setResetting}
        />
      )}
      <AuthorityDialog user={editing} onClose={() => setEditing(null)} />
      <ResetTwoFactorDialog user={resetting} onClose={() => setResetting(null)} />
      <ConfirmDialog
        open={ending !== null}
        onOpenChange={(open) => {
          if (!open) setEnding(null);
        }}
        title="End sessions"
        description={`Sign "${ending?.name ?? ""}" out everywhere? They sign in again to go on.`}
        confirmLabel="End Sessions"
        busyLabel="Ending..."
        busy={endSessions.isPending}
        onConfirm={confirmEndSessions}
      />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title="Delete user"
        description={`Are you sure you want to delete user "${pending?.name ?? ""}"? This action cannot be undone.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleteUser.isPending}
        onConfirm={confirmDelete}
      />
    </Card>
  );
}
