import {
  AUTHORITY_FILTER_LABELS,
  AUTHORITY_FILTERS,
  type AuthorityFilter,
  NEEDS_HIGHER_AUTHORITY,
} from "@domain/underwriting/authority";
import type { UnderwriterQueueItem } from "@domain/underwriting/queue";
import { Badge } from "@web/components/ui/badge";
import { Label } from "@web/components/ui/label";
import { Select } from "@web/components/ui/select";

export type AuthorityChoice = AuthorityFilter | "all";

const OPTIONS = (["all", ...AUTHORITY_FILTERS] as const).map((value) => ({
  value,
  label: AUTHORITY_FILTER_LABELS[value],
}));

/** The queue's authority filter (docs/product/permissions.md "Authority"): all, within my authority, beyond it. */
export function AuthorityFilterSelect({
  value,
  onChange,
}: {
  value: AuthorityChoice;
  onChange: (value: AuthorityChoice) => void;
}) {
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor="queue-authority-filter" className="text-sm text-slate-700">
        Authority
      </Label>
      <Select
        id="queue-authority-filter"
        value={value}
        onValueChange={(next) => onChange(next as AuthorityChoice)}
        options={OPTIONS}
        className="w-56"
      />
    </div>
  );
}

/** The mark of a referral beyond the signed-in underwriter's authority. */
export function NeedsHigherAuthorityMark({ item }: { item: UnderwriterQueueItem }) {
  if (!item.needsHigherAuthority) return null;
  return (
    <Badge tone="warning" data-testid="needs-higher-authority">
      {NEEDS_HIGHER_AUTHORITY}
    </Badge>
  );
}
