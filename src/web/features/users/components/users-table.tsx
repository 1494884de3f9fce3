import type { Firm } from "@domain/firms/firm";
import { formatDateGb, formatDateTimeGb } from "@domain/format/dates";
import { authorityFromResponse, authoritySummary } from "@domain/underwriting/authority";
import type { UserWithAuthority as User } from "@domain/underwriting/authority-schema";
import { BrokerFirmCell } from "@web/components/firm/broker-firm-cell";
import { ROLE_BADGE_TONE } from "@web/components/layout/role-style";
import { RecordsCard } from "@web/components/records/records-card";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import {
  CardList,
  CardListActions,
  CardListField,
  CardListFields,
  CardListHeader,
  CardListItem,
} from "@web/components/ui/card-list";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "@web/components/ui/table";
import { toast } from "@web/components/ui/toast-store";
import { useFirms } from "@web/lib/api/firms";
import { useMe } from "@web/lib/api/get-me";
import { useUsers } from "@web/lib/api/get-users";
import { errorMessageOf } from "@web/lib/api-client";
import { useState } from "react";
import { useSendPasswordReset } from "../api/send-password-reset";
import { AuthorityDialog } from "./authority-dialog";
import { ResetTwoFactorDialog } from "./reset-two-factor";
import { type UserActionHandlers, UserActions } from "./user-actions";
import { DeleteUserDialog, EndSessionsDialog } from "./user-dialogs";

interface UserListProps {
  users: readonly User[];
  /** The broker firms a broker may be placed in. */
  firms: readonly Firm[];
  /** The signed-in administrator, who cannot delete their own account (docs/product/permissions.md). */
  meId: string | undefined;
  actions: UserActionHandlers;
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

function Created({ user }: { user: User }) {
  return <time dateTime={user.createdAt}>{formatDateGb(user.createdAt)}</time>;
}

function UsersGrid({ users, firms, meId, actions }: UserListProps) {
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
            {/* Wide enough that an underwriter's limits read in a few lines, not a word a line. */}
            <TableCell className="min-w-56">
              <AuthorityCell user={user} onEditAuthority={actions.onEditAuthority} />
            </TableCell>
            <TableCell className="whitespace-nowrap">
              <Created user={user} />
            </TableCell>
            <TableCell className="text-right">
              <div className="flex items-center justify-end gap-1.5">
                <UserActions user={user} meId={meId} actions={actions} />
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Below md, one card per user with the same values and Delete (named, 40 px high, for a finger). */
function UserCards({ users, firms, meId, actions }: UserListProps) {
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
                <AuthorityCell user={user} onEditAuthority={actions.onEditAuthority} />
              </CardListField>
            ) : null}
            <CardListField label="Created">
              <Created user={user} />
            </CardListField>
          </CardListFields>
          <CardListActions>
            <UserActions user={user} meId={meId} actions={actions} onCard />
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
  const [pending, setPending] = useState<User | null>(null);
  const [editing, setEditing] = useState<User | null>(null);
  const sendReset = useSendPasswordReset();
  const [ending, setEnding] = useState<User | null>(null);
  const [resetting, setResetting] = useState<User | null>(null);

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

  const actions: UserActionHandlers = {
    onDelete: setPending,
    onEditAuthority: setEditing,
    onSendReset: (user) => void sendResetLink(user),
    onEndSessions: setEnding,
    onResetTwoFactor: setResetting,
  };
  const listProps = { firms: firms.data ?? [], meId: me.data?.id, actions };

  return (
    <RecordsCard
      title="Users"
      records={users}
      loadingLabel="Loading users"
      empty="No users found"
      after={
        <>
          <AuthorityDialog user={editing} onClose={() => setEditing(null)} />
          <ResetTwoFactorDialog user={resetting} onClose={() => setResetting(null)} />
          <EndSessionsDialog user={ending} onClose={() => setEnding(null)} />
          <DeleteUserDialog user={pending} onClose={() => setPending(null)} />
        </>
      }
      table={(list) => <UsersGrid users={list} {...listProps} />}
      cards={(list) => <UserCards users={list} {...listProps} />}
    />
  );
}
