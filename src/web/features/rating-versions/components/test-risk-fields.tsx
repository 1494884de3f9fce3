import { TEST_INDUSTRIES, type TestRatingRisk } from "@domain/rating/test-risk";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { Select } from "@web/components/ui/select";

const INDUSTRY_OPTIONS = TEST_INDUSTRIES.map((industry) => ({
  value: industry,
  label: industry.charAt(0).toUpperCase() + industry.slice(1),
}));

function NumberField({
  id,
  label,
  value,
  onChange,
  step = 1,
}: {
  id: string;
  label: string;
  value: number;
  onChange: (value: number) => void;
  step?: number;
}) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id} className="text-xs">
        {label}
      </Label>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        step={step}
        value={Number.isFinite(value) ? value : ""}
        onChange={(event) => onChange(event.target.valueAsNumber)}
      />
    </div>
  );
}

/** The risk Test Rating rates and 'Add case from test risk' records: not saved with the version. */
export function TestRiskFields({
  id,
  risk,
  onChange,
}: {
  id: string;
  risk: TestRatingRisk;
  onChange: (risk: TestRatingRisk) => void;
}) {
  return (
    <fieldset className="grid gap-3 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-900">Test risk</legend>
      <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <NumberField
          id={`${id}-turnover`}
          label="Turnover (£)"
          value={risk.turnover}
          step={1000}
          onChange={(turnover) => onChange({ ...risk, turnover })}
        />
        <div className="grid gap-1">
          <Label htmlFor={`${id}-industry`} className="text-xs">
            Industry
          </Label>
          <Select
            id={`${id}-industry`}
            value={risk.industry}
            onValueChange={(industry) => onChange({ ...risk, industry: industry as TestRatingRisk["industry"] })}
            options={INDUSTRY_OPTIONS}
          />
        </div>
        <NumberField
          id={`${id}-sum-insured`}
          label="Sum insured (£)"
          value={risk.sumInsured}
          step={100000}
          onChange={(sumInsured) => onChange({ ...risk, sumInsured })}
        />
        <NumberField
          id={`${id}-claims`}
          label="Claims last 3 years"
          value={risk.claimsLast3Yrs}
          onChange={(claimsLast3Yrs) => onChange({ ...risk, claimsLast3Yrs })}
        />
        <NumberField
          id={`${id}-employees`}
          label="Employees"
          value={risk.employees}
          onChange={(employees) => onChange({ ...risk, employees })}
        />
      </div>
    </fieldset>
  );
}
