import { useQuery } from "@tanstack/react-query";
import { Logo } from "@web/components/layout/logo";
import { Button } from "@web/components/ui/button";
import { Card, CardContent } from "@web/components/ui/card";
import { Spinner } from "@web/components/ui/spinner";
import { paths } from "@web/config/paths";
import { pageTitle, usePageTitle } from "@web/hooks/use-page-title";
import { errorMessageOf } from "@web/lib/api-client";
import { usePreloadPasswordList } from "@web/lib/password-check";
import { useSingleFlight } from "@web/lib/single-flight";
import { type FormEvent, type ReactNode, useState } from "react";
import { Link } from "wouter";
import { inspectResetLink, resetPasswordWithLink } from "./account-api";
import { checkNewPasswordFields, type FieldErrors, fieldErrorsFrom } from "./check-new-password";
import { NewPasswordFields, type NewPasswordValues } from "./new-password-fields";
// Signed out, this page has no app shell to bring the full style sheet (ADR 0056).
import "../../styles/index.css";

type Field = keyof NewPasswordValues;
const FIELDS: readonly Field[] = ["newPassword", "confirmPassword"];

/** The token after `#token=`: the part of the link the browser never sends to any server. */
function tokenOfLink(): string {
  return new URLSearchParams(window.location.hash.slice(1)).get("token") ?? "";
}

function Page({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-slate-100 to-slate-50 px-4">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex justify-center">
          <Logo />
        </div>
        <Card>
          <CardContent className="grid gap-4 p-6">
            <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
            {children}
          </CardContent>
        </Card>
      </div>
    </main>
  );
}

const signInLink = (
  <Link href={paths.login} className="text-sm font-medium text-blue-700 underline">
    Go to sign in
  </Link>
);

/**
 * /reset-password#token=... (signed out or in): the page a reset link opens. It says at once when the link is
 * not valid, used or expired; otherwise it sets a new password under the rule, once.
 */
export default function ResetPasswordRoute() {
  usePageTitle(pageTitle("Set a New Password"));
  usePreloadPasswordList();
  const [token] = useState(tokenOfLink);
  const link = useQuery({
    queryKey: ["password-reset-link", token],
    queryFn: () => inspectResetLink(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [values, setValues] = useState<NewPasswordValues>({ newPassword: "", confirmPassword: "" });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const [submit, submitting] = useSingleFlight(async () => {
    if (!link.data) return;
    setRefusal(null);
    const found = await checkNewPasswordFields(values, link.data);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await resetPasswordWithLink(token, values.newPassword);
      setDone(true);
    } catch (error) {
      const onFields = fieldErrorsFrom(error, FIELDS);
      if (onFields) setErrors(onFields);
      else setRefusal(errorMessageOf(error));
    }
  });

  if (done) {
    return (
      <Page title="Password set">
        <p role="status" className="text-sm text-slate-700">
          Your new password is set and you have been signed out everywhere. Sign in with it now.
        </p>
        {signInLink}
      </Page>
    );
  }
  if (link.isPending) {
    return (
      <Page title="Set a new password">
        <Spinner label="Checking the link" />
      </Page>
    );
  }
  if (link.isError) {
    return (
      <Page title="This link cannot be used">
        <p role="alert" className="text-sm text-red-800">
          {errorMessageOf(link.error)}
        </p>
        {signInLink}
      </Page>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit();
  };
  const change = (field: Field, value: string) => {
    setValues((shown) => ({ ...shown, [field]: value }));
    setErrors((shown) => ({ ...shown, [field]: undefined }));
  };

  return (
    <Page title="Set a new password">
      <p className="text-sm wrap-anywhere text-slate-600">
        For {link.data.name} ({link.data.email}). The link works once.
      </p>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <input type="email" name="username" autoComplete="username" value={link.data.email} readOnly hidden />
        <NewPasswordFields values={values} errors={errors} onChange={change} />
        {refusal ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {refusal}
          </p>
        ) : null}
        <Button type="submit" disabled={submitting} className="w-full justify-center">
          {submitting ? "Setting..." : "Set Password"}
        </Button>
      </form>
    </Page>
  );
}
