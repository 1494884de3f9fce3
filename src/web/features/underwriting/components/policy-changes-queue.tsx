import { formatDateGb, formatDateTimeGb } from "@domain/format/dates";
import { formatGbp, parseMoneyString } from "@domain/money";
import { waitingTime } from "@domain/underwriting/queue";
import { Button } from "@web/components/ui/button";
import { Card, CardHeader, CardTitle } from "@web/components/ui/card";
import {
  CardList,
  CardListActions,
  CardListField,
  CardListFields,
  CardListHeader,
  CardListItem,
} from "@web/components/ui/card-list";
import { paths } from "@web/config/paths";
import { useNow } from "@web/hooks/use-now";
import { FileSearch } from "lucide-react";
import { Link } from "wouter";
import { usePolicyChanges } from "../api/get-policy-changes";

/**
 * Mid-term changes brokers sent for a decision (docs/product/life-cycle.md "Mid-term adjustments"), the longest
 * waiting first, each opening its policy, where the underwriter approves or declines it. Not shown when none wait.
 */
export function PolicyChangesQueue() {
  const now = useNow();
  const changes = usePolicyChanges();
  if (!changes.data || changes.data.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Policy changes awaiting a decision</CardTitle>
        <span className="text-sm text-slate-600">{changes.data.length} waiting</span>
      </CardHeader>
      <CardList label="Policy changes awaiting a decision">
        {changes.data.map((change) => (
          <CardListItem key={change.id} data-testid="policy-change-row" data-policy={change.policyNumber}>
            <CardListHeader figure={formatGbp(parseMoneyString(change.total) ?? 0)} figureLabel="Premium change">
              <div className="font-mono text-xs font-semibold">{change.policyNumber}</div>
              <div className="font-medium text-slate-900">{change.insuredName}</div>
            </CardListHeader>
            <CardListFields>
              <CardListField label="From">{formatDateGb(change.effectiveDate)}</CardListField>
              <CardListField label="Broker" className="break-words">
                {change.requestedBy?.name ?? "N/A"}
              </CardListField>
              <CardListField label="Waiting" className="text-slate-700">
                <time dateTime={change.requestedAt} title={formatDateTimeGb(change.requestedAt)}>
                  {waitingTime(change.requestedAt, now)}
                </time>
              </CardListField>
              <CardListField label="Needs an underwriter because" wide>
                {change.referralReasons.join("; ")}
              </CardListField>
            </CardListFields>
            <CardListActions>
              <Button asChild size="sm">
                <Link href={paths.policy(change.policyNumber)} aria-label={`Open policy ${change.policyNumber}`}>
                  <FileSearch aria-hidden="true" className="h-3.5 w-3.5" />
                  Open policy
                </Link>
              </Button>
            </CardListActions>
          </CardListItem>
        ))}
      </CardList>
    </Card>
  );
}
