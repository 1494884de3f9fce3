import {
  DEFENCE_COSTS_BASES,
  DEFENCE_COSTS_LABELS,
  type DefenceCosts,
  LIMIT_BASES,
  LIMIT_BASIS_LABELS,
  type LimitBasis,
  type LimitTerms,
} from "@domain/format/limit-basis";
import { Label } from "@web/components/ui/label";
import { Select } from "@web/components/ui/select";

const BASIS_OPTIONS = LIMIT_BASES.map((basis) => ({ value: basis, label: LIMIT_BASIS_LABELS[basis] }));
const DEFENCE_OPTIONS = DEFENCE_COSTS_BASES.map((costs) => ({ value: costs, label: DEFENCE_COSTS_LABELS[costs] }));

/**
 * How the limit applies and where defence costs sit (docs/product/rating.md "Limit basis and defence costs"):
 * step 7 rates the quote on the choice; the options grid shows its prices on it. `idPrefix` keeps the two
 * places' fields apart when both are on the page.
 */
export function LimitTermsFields({
  value,
  disabled,
  idPrefix,
  onChange,
}: {
  value: LimitTerms;
  disabled: boolean;
  idPrefix: string;
  onChange: (next: LimitTerms) => void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-limitBasis`}>Limit basis</Label>
        <Select
          id={`${idPrefix}-limitBasis`}
          value={value.limitBasis}
          disabled={disabled}
          options={BASIS_OPTIONS}
          onValueChange={(limitBasis) => onChange({ ...value, limitBasis: limitBasis as LimitBasis })}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-defenceCosts`}>Defence costs</Label>
        <Select
          id={`${idPrefix}-defenceCosts`}
          value={value.defenceCosts}
          disabled={disabled}
          options={DEFENCE_OPTIONS}
          onValueChange={(defenceCosts) => onChange({ ...value, defenceCosts: defenceCosts as DefenceCosts })}
        />
      </div>
    </div>
  );
}
