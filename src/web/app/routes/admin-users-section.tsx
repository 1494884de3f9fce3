import { AddUserForm } from "../../features/users/components/add-user-form";
import { UsersTable } from "../../features/users/components/users-table";

/** /admin/users: adding a user above the list of users. */
export default function AdminUsersSection() {
  return (
    <div className="grid gap-4">
      <AddUserForm />
      <UsersTable />
    </div>
  );
}
