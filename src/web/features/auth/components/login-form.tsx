import type { LoginInput } from "@domain/auth/schemas";
import { Button } from "@web/components/ui/button";
import { Input } from "@web/components/ui/input";
import { FieldError, Label } from "@web/components/ui/label";
import { PasswordInput } from "@web/components/ui/password-input";
import { toast } from "@web/components/ui/toast-store";
import { paths } from "@web/config/paths";
import { type FormEvent, lazy, Suspense, useState } from "react";
import { useLocation } from "wouter";
import { useLogin } from "../api/login";
import { useAfterSignInPath } from "../hooks/use-after-sign-in-path";
import type { LoginCheck, LoginErrors, LoginField } from "../lib/validate-login";

/** Only users with a second factor need its step: its code is fetched when the password was right. */
const SecondFactorForm = lazy(() => import("./second-factor-form"));

/** The form's check, fetched on first focus so it is here by the time the user presses Sign In. */
const loadValidation = () => import("../lib/validate-login");

/**
 * Two fields need no form library: the sign-in screen is the one every broker loads many times a day, so it
 * carries neither react-hook-form nor zod until the user starts typing (docs/decisions/0056).
 */
export function LoginForm() {
  const [, navigate] = useLocation();
  const [values, setValues] = useState<LoginInput>({ email: "", password: "" });
  const [errors, setErrors] = useState<LoginErrors>({});
  // After the first Sign In a corrected field clears its message as the user types.
  const [submitted, setSubmitted] = useState(false);
  const [validating, setValidating] = useState(false);
  const login = useLogin();
  const afterSignIn = useAfterSignInPath();
  const [secondFactor, setSecondFactor] = useState(false);

  const change = (field: LoginField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (!submitted) return;
    void loadValidation().then(({ validateLogin }) => {
      const checked = validateLogin(next);
      setErrors((shown) => ({ ...shown, [field]: checked.errors?.[field] }));
    });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (validating || login.isPending) return;
    setSubmitted(true);
    setValidating(true);
    let checked: LoginCheck;
    try {
      checked = (await loadValidation()).validateLogin(values);
    } finally {
      setValidating(false);
    }
    setErrors(checked.errors ?? {});
    if (!checked.login) return;
    try {
      const answer = await login.mutateAsync(checked.login);
      if (answer.next === "secondFactor") {
        setSecondFactor(true);
        return;
      }
      // A role that must use a second factor not set up yet: enrolment on Account comes first.
      navigate(answer.next === "enrol" ? paths.account : afterSignIn, { replace: true });
    } catch {
      // docs/product/errors.md: one message for every failure, so the screen never reveals which part was wrong.
      toast({ title: "Login Failed", description: "Invalid email or password", variant: "destructive" });
    }
  };

  const busy = login.isPending || validating;

  if (secondFactor) {
    return (
      <Suspense fallback={null}>
        <SecondFactorForm
          onSignedIn={() => navigate(afterSignIn, { replace: true })}
          onStartAgain={() => {
            setValues((shown) => ({ ...shown, password: "" }));
            setSecondFactor(false);
          }}
        />
      </Suspense>
    );
  }

  return (
    <form onSubmit={onSubmit} onFocus={() => void loadValidation()} noValidate className="grid gap-4">
      <div className="grid gap-1.5">
        <Label htmlFor="email">Email</Label>
        <Input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          placeholder="name@company.co.uk"
          value={values.email}
          onChange={(event) => change("email", event.target.value)}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? "email-error" : undefined}
        />
        <FieldError id="email-error" message={errors.email} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="password">Password</Label>
        <PasswordInput
          id="password"
          name="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(event) => change("password", event.target.value)}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? "password-error" : undefined}
        />
        <FieldError id="password-error" message={errors.password} />
      </div>
      <Button type="submit" disabled={busy} className="w-full justify-center">
        {busy ? "Signing in..." : "Sign In"}
      </Button>
      <p className="text-center text-sm text-slate-600">Need an account? Contact Administrator</p>
    </form>
  );
}
