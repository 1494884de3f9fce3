import { penceToMoneyString } from "@domain/money";
import { type Authority, type AuthorityResponse, authorityFromResponse } from "@domain/underwriting/authority";
import { authorityInputSchema, type UserWithAuthority } from "@domain/underwriting/authority-schema";
import { toFieldIssues } from "@domain/validation";
import { Button } from "@web/components/ui/button";
import { Checkbox } from "@web/components/ui/checkbox";
import { Dialog } from "@web/components/ui/dialog";
import { Input, Textarea } from "@web/components/ui/input";
import { FieldError, Label } from "@web/components/ui/label";
import { toast } from "@web/components/ui/toast-store";
import { errorMessageOf } from "@web/lib/api-client";
import { type FormEvent, useState } from "react";
import { useSetAuthority } from "../api/set-authority";

/** The form's text, as typed: a blank limit or premium is "no limit". */
interface AuthorityText {
  maxCoverLimit: string;
  maxGrossPremium: string;
  everyReferral: boolean;
  referralCodes: string;
  counterMin: string;
  counterMax: string;
}

type Field = "maxCoverLimit" | "maxGrossPremium" | "clearableReferralCodes" | "counterMin" | "counterMax";

function textOf(authority: Authority): AuthorityText {
  return {
    maxCoverLimit: authority.maxCoverLimit === null ? "" : String(authority.maxCoverLimit),
    maxGrossPremium: authority.maxGrossPremium === null ? "" : penceToMoneyString(authority.maxGrossPremium),
    everyReferral: authority.clearableReferralCodes === null,
    referralCodes: (authority.clearableReferralCodes ?? []).join(", "),
    counterMin: authority.counterMin.toFixed(2),
    counterMax: authority.counterMax.toFixed(2),
  };
}

/** A number when the text is one (thousands commas allowed), else the text itself, which the schema refuses in words. */
function numberOrText(text: string): number | string {
  const cleaned = text.replace(/[,£\s]/g, "");
  return cleaned !== "" && Number.isFinite(Number(cleaned)) ? Number(cleaned) : text;
}

/** The API's body from the form, validated by the same schema as the server's (docs/product/permissions.md). */
function parseAuthority(text: AuthorityText) {
  return authorityInputSchema.safeParse({
    maxCoverLimit: text.maxCoverLimit.trim() === "" ? null : numberOrText(text.maxCoverLimit),
    maxGrossPremium: text.maxGrossPremium.trim() === "" ? null : text.maxGrossPremium.replace(/[,£\s]/g, ""),
    clearableReferralCodes: text.everyReferral
      ? null
      : text.referralCodes
          .split(/[\s,]+/)
          .filter((code) => code !== "")
          .map((code) => code.toUpperCase()),
    counterMin: numberOrText(text.counterMin),
    counterMax: numberOrText(text.counterMax),
  });
}

function TextField(props: {
  id: string;
  label: string;
  hint: string;
  value: string;
  error: string | undefined;
  inputMode?: "numeric" | "decimal" | "text";
  /** A list that may run long (the referral codes): a few lines, wrapped. */
  multiline?: boolean;
  onChange: (value: string) => void;
}) {
  const { id, label, hint, value, error, inputMode = "decimal", multiline = false, onChange } = props;
  const Control = multiline ? Textarea : Input;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Control
        id={id}
        rows={multiline ? 3 : undefined}
        value={value}
        inputMode={inputMode}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <FieldError id={`${id}-error`} message={error} />
      ) : (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}

/** The administrator edits one underwriter's authority: limits, the referrals they may clear, the counter range. */
export function AuthorityDialog({ user, onClose }: { user: UserWithAuthority | null; onClose: () => void }) {
  const open = user !== null;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={`Authority of ${user?.name ?? ""}`}
      description="What this underwriter may accept. Leave a limit blank for no limit."
    >
      {user?.authority ? (
        <AuthorityForm key={user.id} user={user} authority={user.authority} onClose={onClose} />
      ) : null}
    </Dialog>
  );
}

function AuthorityForm(props: { user: UserWithAuthority; authority: AuthorityResponse; onClose: () => void }) {
  const { user, authority, onClose } = props;
  const setAuthority = useSetAuthority();
  const [text, setText] = useState<AuthorityText>(() => textOf(authorityFromResponse(authority)));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const change = (field: keyof AuthorityText) => (value: string | boolean) =>
    setText((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseAuthority(text);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of toFieldIssues(parsed.error)) {
        const field = issue.path.split(".")[0] as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await setAuthority.mutateAsync({ userId: user.id, authority: parsed.data });
      toast({ title: "Authority Saved", description: `${user.name}'s authority has been saved.` });
      onClose();
    } catch (error) {
      toast({ title: "Authority Error", description: errorMessageOf(error), variant: "destructive" });
    }
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-3">
      <TextField
        id="authority-cover-limit"
        label="Highest cover limit (£)"
        hint="Whole pounds, e.g. 1,000,000; blank for no limit"
        inputMode="numeric"
        value={text.maxCoverLimit}
        error={errors.maxCoverLimit}
        onChange={change("maxCoverLimit")}
      />
      <TextField
        id="authority-gross-premium"
        label="Highest gross premium (£)"
        hint="Including fees and IPT, e.g. 5,000.00; blank for no limit"
        value={text.maxGrossPremium}
        error={errors.maxGrossPremium}
        onChange={change("maxGrossPremium")}
      />
      <div className="grid gap-1.5">
        <div className="flex items-center gap-2">
          <Checkbox
            id="authority-every-referral"
            checked={text.everyReferral}
            onCheckedChange={(checked) => change("everyReferral")(checked === true)}
          />
          <Label htmlFor="authority-every-referral">May clear every referral</Label>
        </div>
        {text.everyReferral ? null : (
          <TextField
            id="authority-referral-codes"
            label="Referral codes they may clear"
            hint="The rating version's referral codes, separated by commas, e.g. MATERIAL_FACTS, NON_UK_WORK"
            inputMode="text"
            multiline
            value={text.referralCodes}
            error={errors.clearableReferralCodes}
            onChange={change("referralCodes")}
          />
        )}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          id="authority-counter-min"
          label="Lowest counter multiplier"
          hint="From 0.85"
          value={text.counterMin}
          error={errors.counterMin}
          onChange={change("counterMin")}
        />
        <TextField
          id="authority-counter-max"
          label="Highest counter multiplier"
          hint="Up to 1.15"
          value={text.counterMax}
          error={errors.counterMax}
          onChange={change("counterMax")}
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2 pt-2">
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={setAuthority.isPending}>
          {setAuthority.isPending ? "Saving..." : "Save Authority"}
        </Button>
      </div>
    </form>
  );
}
