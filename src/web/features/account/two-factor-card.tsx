import type { TwoFactorStatus } from "@domain/auth/two-factor";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { Input } from "@web/components/ui/input";
import { FieldError, Label } from "@web/components/ui/label";
import { toast } from "@web/components/ui/toast-store";
import { ApiError, errorMessageOf } from "@web/lib/api-client";
import { useSingleFlight } from "@web/lib/single-flight";
import { type FormEvent, useState } from "react";
import {
  confirmTwoFactorEnrolment,
  disableTwoFactor,
  getTwoFactorStatus,
  renewRecoveryCodes,
  startTwoFactorEnrolment,
  twoFactorQueryKey,
} from "./account-api";
import { RecoveryCodes } from "./recovery-codes";

/** The QR code's renderer is fetched only when a user starts enrolling (docs/decisions/0074). */
async function qrDataUrl(uri: string): Promise<string> {
  const { toDataURL } = await import("qrcode");
  return toDataURL(uri, { margin: 1, width: 200, errorCorrectionLevel: "M" });
}

type Stage =
  | { step: "idle" }
  | { step: "scan"; secret: string; qr: string }
  /** Asking for a current code before new recovery codes. */
  | { step: "renew" }
  /** The codes shown once; `previousCodesLeft` when they replaced a set, how many of it were unused. */
  | { step: "codes"; codes: string[]; previousCodesLeft?: number };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function codeErrorOf(error: unknown): string {
  if (error instanceof ApiError && error.issues[0]) return error.issues[0].message;
  return errorMessageOf(error);
}

/**
 * Account's two-factor sign-in (docs/product/screens.md Account): set up, recovery codes once, new recovery codes,
 * turn off.
 */
export function TwoFactorCard() {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: twoFactorQueryKey, queryFn: getTwoFactorStatus });
  const [stage, setStage] = useState<Stage>({ step: "idle" });
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();

  const refresh = () => queryClient.invalidateQueries({ queryKey: twoFactorQueryKey });

  const [start, starting] = useSingleFlight(async () => {
    try {
      const { uri, secret } = await startTwoFactorEnrolment();
      setStage({ step: "scan", secret, qr: await qrDataUrl(uri) });
      setCode("");
      setError(undefined);
    } catch (caught) {
      toast({ title: "Two-Factor Sign-In", description: errorMessageOf(caught), variant: "destructive" });
    }
  });

  const [confirm, confirming] = useSingleFlight(async () => {
    try {
      const { recoveryCodes } = await confirmTwoFactorEnrolment(code);
      setStage({ step: "codes", codes: recoveryCodes });
      setCode("");
      await refresh();
    } catch (caught) {
      setError(codeErrorOf(caught));
    }
  });

  const [turnOff, turningOff] = useSingleFlight(async () => {
    try {
      await disableTwoFactor(code);
      setCode("");
      setError(undefined);
      toast({ title: "Two-Factor Sign-In Off", description: "You sign in with your password alone." });
      await refresh();
    } catch (caught) {
      setError(codeErrorOf(caught));
    }
  });

  const [renew, renewing] = useSingleFlight(async () => {
    try {
      const renewed = await renewRecoveryCodes(code);
      setStage({ step: "codes", codes: renewed.recoveryCodes, previousCodesLeft: renewed.previousCodesLeft });
      setCode("");
      await refresh();
    } catch (caught) {
      setError(codeErrorOf(caught));
    }
  });

  /** Another step of the card: the code typed for the last one does not carry over. */
  const goTo = (next: Stage) => {
    setStage(next);
    setCode("");
    setError(undefined);
  };

  const submit = (action: () => Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code.trim()) {
      setError("Enter the 6-digit code your authenticator app shows");
      return;
    }
    void action();
  };

  const current: TwoFactorStatus | undefined = status.data;
  const codeField = (label: string) => (
    <div className="grid gap-1.5">
      <Label htmlFor="two-factor-code">{label}</Label>
      <Input
        id="two-factor-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        className="max-w-48"
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setError(undefined);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "two-factor-code-error" : undefined}
      />
      <FieldError id="two-factor-code-error" message={error} />
    </div>
  );

  return (
    <Card className="max-w-xl">
      <CardHeader>
        <CardTitle>Two-factor sign-in</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {current?.required && !current.enrolled && stage.step !== "codes" ? (
          <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            Your role signs in with a second factor. Set up your authenticator app to continue using the product.
          </p>
        ) : null}
        {stage.step === "codes" ? (
          <RecoveryCodes
            codes={stage.codes}
            lead={
              stage.previousCodesLeft === undefined
                ? "Two-factor sign-in is on."
                : `Your old set had ${plural(stage.previousCodesLeft, "unused code")} left, and none of them works any more.`
            }
            onDone={() => goTo({ step: "idle" })}
          />
        ) : stage.step === "scan" ? (
          <form onSubmit={submit(confirm)} noValidate className="grid gap-4">
            <p className="text-sm text-slate-700">
              Scan the QR code with your authenticator app, or type the key into it, then enter the code it shows.
            </p>
            <img src={stage.qr} alt="QR code for your authenticator app" width={200} height={200} />
            <div className="grid gap-1">
              <span className="text-sm font-medium text-slate-800">Key</span>
              <code className="font-mono text-sm break-all text-slate-900" data-testid="two-factor-secret">
                {stage.secret}
              </code>
            </div>
            {codeField("Code from the app")}
            <div>
              <Button type="submit" disabled={confirming}>
                {confirming ? "Checking..." : "Turn On"}
              </Button>
            </div>
          </form>
        ) : stage.step === "renew" && current?.enrolled ? (
          <form onSubmit={submit(renew)} noValidate className="grid gap-4">
            <p className="text-sm text-slate-700">
              New recovery codes replace all of yours: the old ones stop working. Enter the code your authenticator app
              shows now.
            </p>
            {codeField("Code from the app, for new recovery codes")}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={renewing}>
                {renewing ? "Making codes..." : "Show New Codes"}
              </Button>
              <Button type="button" variant="outline" onClick={() => goTo({ step: "idle" })}>
                Cancel
              </Button>
            </div>
          </form>
        ) : current?.enrolled ? (
          <form onSubmit={submit(turnOff)} noValidate className="grid gap-4">
            <p className="text-sm text-slate-700">
              On: you sign in with your password and a code from your authenticator app.{" "}
              {plural(current.recoveryCodesLeft, "recovery code")} left.
            </p>
            <div>
              <Button type="button" variant="outline" onClick={() => goTo({ step: "renew" })}>
                New Recovery Codes
              </Button>
            </div>
            {codeField("Code from the app, to turn it off")}
            <div>
              <Button type="submit" variant="outline" disabled={turningOff}>
                {turningOff ? "Turning off..." : "Turn Off"}
              </Button>
            </div>
          </form>
        ) : current ? (
          <div className="grid gap-3">
            <p className="text-sm text-slate-700">
              Off: you sign in with your password alone. With an authenticator app on your phone, signing in also asks
              for a 6-digit code.
            </p>
            <div>
              <Button type="button" onClick={() => void start()} disabled={starting}>
                {starting ? "Preparing..." : "Set Up Two-Factor Sign-In"}
              </Button>
            </div>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
