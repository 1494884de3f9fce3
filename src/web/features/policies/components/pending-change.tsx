import { formatDateGb, formatDateTimeGb } from "@domain/format/dates";
import { parseMoneyString } from "@domain/money";
import type { PolicyView } from "@domain/quote/policy-schema";
import { Button } from "@web/components/ui/button";
import { Textarea } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { toast } from "@web/components/ui/toast-store";
import { errorMessageOf } from "@web/lib/api-client";
import { useSingleFlight } from "@web/lib/single-flight";
import { Hourglass } from "lucide-react";
import { useId, useState } from "react";
import { useDecideChange } from "../api/decide-change";
import { FiguresBox, money, Row } from "./policy-parts";

type PendingChangeView = NonNullable<PolicyView["pendingChange"]>;

/**
 * A change a broker sent to the underwriters, under the policy's heading while it waits: what it changes, from
 * when, why it needs an underwriter, and the premium the broker was shown. Nothing on the policy has changed yet.
 * An underwriter approves it here (the change is then made) or declines it with a note the broker reads.
 */
export function PendingChange({ policy, change }: { policy: PolicyView; change: PendingChangeView }) {
  const id = useId();
  const returned = (parseMoneyString(change.total) ?? 0) < 0;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
      data-testid="pending-change"
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 font-semibold">
        <Hourglass aria-hidden="true" className="h-4 w-4 shrink-0" />
        Change waiting for an underwriter
      </h2>
      <p>
        From {formatDateGb(change.effectiveDate)}, sent by {change.requestedBy?.name ?? "a broker"} on{" "}
        {formatDateTimeGb(change.requestedAt)}. The policy stays as it is until an underwriter decides.
      </p>
      <ul className="grid gap-0.5">
        {change.changes.map((line) => (
          <li key={line.label} className="break-words">
            {line.label}: {line.from} → {line.to}
          </li>
        ))}
      </ul>
      <p>Needs an underwriter because: {change.referralReasons.join("; ")}</p>
      <FiguresBox testId="pending-change-figures">
        <Row label={returned ? "Return premium" : "Additional premium"}>{money(change.premium)}</Row>
        <Row label={returned ? "IPT returned" : "IPT"}>{money(change.taxes)}</Row>
        <Row label={returned ? "Total returned" : "Total to pay"} strong>
          {money(change.total)}
        </Row>
      </FiguresBox>
      {change.canDecide ? <ChangeDecision policy={policy} change={change} /> : null}
    </section>
  );
}

/** The underwriter's Approve, or Decline with a note; the server's refusal in its own words. */
function ChangeDecision({ policy, change }: { policy: PolicyView; change: PendingChangeView }) {
  const id = useId();
  const decide = useDecideChange();
  const [declining, setDeclining] = useState(false);
  const [note, setNote] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const [send, sending] = useSingleFlight(async (decision: "APPROVED" | "DECLINED") => {
    if (decision === "DECLINED" && note.trim() === "") {
      setMessage("Say why the change is declined: the broker reads it");
      return;
    }
    setMessage(null);
    try {
      await decide.mutateAsync({
        policyNumber: policy.policyNumber,
        requestId: change.id,
        body: decision === "APPROVED" ? { decision } : { decision, note: note.trim() },
      });
      toast({
        title: decision === "APPROVED" ? "Change Approved" : "Change Declined",
        description:
          decision === "APPROVED"
            ? `Policy ${policy.policyNumber} changed from ${formatDateGb(change.effectiveDate)}`
            : `The broker reads your note on policy ${policy.policyNumber}`,
      });
    } catch (error) {
      setMessage(errorMessageOf(error));
    }
  });
  return (
    <div className="grid gap-2">
      {declining ? (
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-note`}>Why is the change declined?</Label>
          <Textarea
            id={`${id}-note`}
            rows={3}
            maxLength={1_000}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
      ) : null}
      {message ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-900">
          {message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {declining ? (
          <>
            <Button variant="destructive" disabled={sending} onClick={() => void send("DECLINED")}>
              {sending ? "Declining..." : "Decline change"}
            </Button>
            <Button variant="outline" disabled={sending} onClick={() => setDeclining(false)}>
              Back
            </Button>
          </>
        ) : (
          <>
            <Button disabled={sending} onClick={() => void send("APPROVED")}>
              {sending ? "Approving..." : "Approve change"}
            </Button>
            <Button variant="outline" disabled={sending} onClick={() => setDeclining(true)}>
              Decline...
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
