import {
  DEFAULT_ROLE,
  NEW_PASSWORD_MIN_LENGTH,
  type RegisterUser,
  type RegisterUserInput,
  ROLE_LABELS,
  ROLES,
  registerUserSchema,
} from "@domain/auth/schemas";
import { zodResolver } from "@hookform/resolvers/zod";
import { AddRecordForm, RecordTextField } from "@web/components/records/add-record-form";
import { Label } from "@web/components/ui/label";
import { Select } from "@web/components/ui/select";
import { toast } from "@web/components/ui/toast-store";
import { useFirms } from "@web/lib/api/firms";
import { ApiError, errorMessageOf } from "@web/lib/api-client";
import { newPasswordProblemOf, usePreloadPasswordList } from "@web/lib/password-check";
import { useSingleFlight } from "@web/lib/single-flight";
import { UserPlus } from "lucide-react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { useCreateUser } from "../api/create-user";

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const EMPTY_FORM: RegisterUserInput = {
  name: "",
  email: "",
  password: "",
  role: DEFAULT_ROLE,
  firmId: null,
  isFirmLead: false,
};
const NO_FIRM = "";

export function AddUserForm() {
  usePreloadPasswordList();
  const createUser = useCreateUser();
  const form = useForm<RegisterUserInput, unknown, RegisterUser>({
    resolver: zodResolver(registerUserSchema),
    defaultValues: EMPTY_FORM,
  });
  const { errors } = form.formState;
  const [name, email, password, role] = useWatch({
    control: form.control,
    name: ["name", "email", "password", "role"],
  });
  const firms = useFirms();
  const firmOptions = [
    { value: NO_FIRM, label: "No firm" },
    ...(firms.data ?? []).map((firm) => ({ value: firm.id, label: firm.name })),
  ];
  // docs/product/errors.md: the button stays disabled until name, e-mail and password are all filled in.
  const complete = Boolean(name?.trim() && email?.trim() && password);

  // One click, one account: a double click on Add User sends one request (the second would answer 409).
  const [submit, submitting] = useSingleFlight(
    form.handleSubmit(async (values) => {
      // The password rule as the server applies it, with its message under the field, before anything is sent.
      const problem = await newPasswordProblemOf(values.password, values);
      if (problem) {
        form.setError("password", { message: problem }, { shouldFocus: true });
        return;
      }
      try {
        // Only brokers belong to firms: a firm chosen before the role changed is not sent.
        const user = await createUser.mutateAsync(values.role === "BROKER" ? values : { ...values, firmId: null });
        toast({ title: "User Created", description: `${user.name} can now sign in as ${ROLE_LABELS[user.role]}.` });
        form.reset(EMPTY_FORM);
      } catch (error) {
        const passwordIssue =
          error instanceof ApiError ? error.issues.find((issue) => issue.path === "password") : undefined;
        if (passwordIssue) {
          form.setError("password", { message: passwordIssue.message }, { shouldFocus: true });
          return;
        }
        toast({ title: "Creation Error", description: errorMessageOf(error), variant: "destructive" });
      }
    }),
  );

  return (
    <AddRecordForm
      title="Add User"
      gridClassName="grid gap-3 md:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_10rem_12rem_auto] lg:items-start"
      onSubmit={() => void submit()}
      submitLabel="Add User"
      busyLabel="Adding..."
      icon={<UserPlus aria-hidden="true" className="h-4 w-4" />}
      busy={submitting}
      complete={complete}
    >
      <RecordTextField id="new-user-name" label="Full Name" error={errors.name?.message} {...form.register("name")} />
      <RecordTextField
        id="new-user-email"
        label="Email Address"
        type="email"
        error={errors.email?.message}
        {...form.register("email")}
      />
      <RecordTextField
        id="new-user-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        hint={`At least ${NEW_PASSWORD_MIN_LENGTH} characters, not the user's name or e-mail, not a common password`}
        {...form.register("password")}
      />
      <div className="grid gap-1.5">
        <Label htmlFor="new-user-role">Role</Label>
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <Select
              id="new-user-role"
              value={field.value ?? DEFAULT_ROLE}
              onValueChange={field.onChange}
              options={ROLE_OPTIONS}
            />
          )}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="new-user-firm">Firm</Label>
        <Controller
          control={form.control}
          name="firmId"
          render={({ field }) => (
            <Select
              id="new-user-firm"
              value={role === "BROKER" ? (field.value ?? NO_FIRM) : NO_FIRM}
              disabled={role !== "BROKER"}
              onValueChange={(value) => field.onChange(value === NO_FIRM ? null : value)}
              options={firmOptions}
            />
          )}
        />
      </div>
    </AddRecordForm>
  );
}
