import { CURRENT_PASSWORD_REQUIRED } from "@domain/auth/schemas";
import { AppLayout } from "@web/components/layout/app-layout";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { toast } from "@web/components/ui/toast-store";
import { pageTitle, usePageTitle } from "@web/hooks/use-page-title";
import { useMe } from "@web/lib/api/get-me";
import { errorMessageOf } from "@web/lib/api-client";
import { usePreloadPasswordList } from "@web/lib/password-check";
import { useSingleFlight } from "@web/lib/single-flight";
import { type FormEvent, useState } from "react";
import { changeOwnPassword } from "./account-api";
import { checkNewPasswordFields, type FieldErrors, fieldErrorsFrom } from "./check-new-password";
import { NewPasswordFields, PasswordField } from "./new-password-fields";
import { SessionsCard } from "./sessions-card";
import { TwoFactorCard } from "./two-factor-card";

type Field = "currentPassword" | "newPassword" | "confirmPassword";
const FIELDS: readonly Field[] = ["currentPassword", "newPassword", "confirmPassword"];
const EMPTY: Record<Field, string> = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** /account (every role): who you are, changing your password with the current one, two-factor sign-in and your sessions. */
export default function AccountRoute() {
  usePageTitle(pageTitle("Account"));
  usePreloadPasswordList();
  const me = useMe();
  const user = me.data;
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [refusal, setRefusal] = useState<string | null>(null);

  const [submit, submitting] = useSingleFlight(async () => {
    if (!user) return;
    setRefusal(null);
    const found: FieldErrors<Field> = await checkNewPasswordFields(values, user);
    if (!values.currentPassword) found.currentPassword = CURRENT_PASSWORD_REQUIRED;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const { otherSessionsEnded } = await changeOwnPassword({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      setValues(EMPTY);
      toast({
        title: "Password Changed",
        description:
          otherSessionsEnded > 0
            ? `You stay signed in here; your ${otherSessionsEnded === 1 ? "other session was" : `${otherSessionsEnded} other sessions were`} signed out.`
            : "You stay signed in here.",
      });
    } catch (error) {
      const onFields = fieldErrorsFrom(error, FIELDS);
      if (onFields) setErrors(onFields);
      else setRefusal(errorMessageOf(error));
    }
  });

  const change = (field: Field, value: string) => {
    setValues((shown) => ({ ...shown, [field]: value }));
    setErrors((shown) => ({ ...shown, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit();
  };

  return (
    <AppLayout>
      <div className="grid gap-5">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">Account</h1>
          {user ? (
            <p className="text-sm wrap-anywhere text-slate-600">
              {user.name} · {user.email}
            </p>
          ) : null}
        </div>
        <Card className="max-w-xl">
          <CardHeader>
            <CardTitle>Change password</CardTitle>
          </CardHeader>
          <CardContent>
            <form onSubmit={onSubmit} noValidate className="grid gap-4">
              {/* Lets password managers tie the new password to the right account. */}
              <input type="email" name="username" autoComplete="username" value={user?.email ?? ""} readOnly hidden />
              <PasswordField
                id="current-password"
                label="Current password"
                autoComplete="current-password"
                value={values.currentPassword}
                onChange={(value) => change("currentPassword", value)}
                error={errors.currentPassword}
              />
              <NewPasswordFields values={values} errors={errors} onChange={change} />
              {refusal ? (
                <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
                  {refusal}
                </p>
              ) : null}
              <p className="text-sm text-slate-600">Changing your password signs you out everywhere else.</p>
              <div>
                <Button type="submit" disabled={submitting}>
                  {submitting ? "Changing..." : "Change Password"}
                </Button>
              </div>
            </form>
          </CardContent>
        </Card>
        <TwoFactorCard />
        <SessionsCard />
      </div>
    </AppLayout>
  );
}
