import { CODE_REQUIRED } from "@domain/auth/two-factor";
import { Button } from "@web/components/ui/button";
import { Input } from "@web/components/ui/input";
import { FieldError, Label } from "@web/components/ui/label";
import { ApiError, errorMessageOf } from "@web/lib/api-client";
import { type FormEvent, useState } from "react";
import { useLoginWithSecondFactor } from "../api/login-second-factor";

/**
 * The second step of signing in (docs/product/screens.md Sign In): the 6-digit code from the authenticator app, or a
 * recovery code. A wrong code says so under the field; when the step has expired the user starts again.
 */
export default function SecondFactorForm({
  onSignedIn,
  onStartAgain,
}: {
  onSignedIn: () => void;
  onStartAgain: () => void;
}) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [expired, setExpired] = useState(false);
  const login = useLoginWithSecondFactor();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    if (!code.trim()) {
      setError(CODE_REQUIRED);
      return;
    }
    try {
      await login.mutateAsync(code);
      onSignedIn();
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === "SIGN_IN_EXPIRED") setExpired(true);
      setError(errorMessageOf(caught));
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4">
      <p className="text-sm text-slate-700">
        Enter the 6-digit code from your authenticator app, or one of your recovery codes.
      </p>
      <div className="grid gap-1.5">
        <Label htmlFor="second-factor-code">Code</Label>
        <Input
          id="second-factor-code"
          name="code"
          autoComplete="one-time-code"
          autoFocus
          spellCheck={false}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setError(undefined);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "second-factor-code-error" : undefined}
        />
        <FieldError id="second-factor-code-error" message={error} />
      </div>
      {expired ? (
        <Button type="button" onClick={onStartAgain} className="w-full justify-center">
          Start Again
        </Button>
      ) : (
        <Button type="submit" disabled={login.isPending} className="w-full justify-center">
          {login.isPending ? "Checking..." : "Verify"}
        </Button>
      )}
      <button type="button" onClick={onStartAgain} className="text-center text-sm text-blue-700 underline">
        Back to email and password
      </button>
    </form>
  );
}
