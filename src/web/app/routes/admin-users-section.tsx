import { AddUserForm } from "../../features/users/components/add-user-form";
import { TwoFactorPolicyForm } from "../../features/users/components/two-factor-policy-form";
import { UsersTable } from "../../features/users/components/users-table";

/** /admin/users: adding a user above the list of users, and the roles that must use a second factor. */
export default function AdminUsersSection() {
  return (
    <div className="grid gap-4">
      <AddUserForm />
      <UsersTable />
      <TwoFactorPolicyForm />
    </div>
  );
}
