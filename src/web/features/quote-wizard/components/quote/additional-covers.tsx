import {
  CUSTOM_COVER_LIMIT_MAX,
  CUSTOM_COVER_LIMIT_MIN,
  DIRECTORS_OFFICERS_LIMIT_OPTIONS,
  OTHER_COVER_LIMIT_OPTIONS,
} from "@domain/constants";
import { formatGbpWhole, poundsToPence } from "@domain/money";
import { ADDITIONAL_COVERS, type AdditionalCover } from "@domain/quote/additional-covers";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { Checkbox } from "@web/components/ui/checkbox";
import { Input } from "@web/components/ui/input";
import { FieldError, Label } from "@web/components/ui/label";
import { Select } from "@web/components/ui/select";
import { useState } from "react";
import type { CoverSelections } from "../../lib/selections";

export const OTHER_AMOUNT = "other";
export const CUSTOM_AMOUNT_HINT = "Minimum £1,000, Maximum £1,000,000";

function limitOptions(cover: AdditionalCover) {
  if (cover.key === "directorsOfficers") {
    return DIRECTORS_OFFICERS_LIMIT_OPTIONS.map((limit) => ({
      value: String(limit),
      label: formatGbpWhole(poundsToPence(limit)),
    }));
  }
  return [
    ...OTHER_COVER_LIMIT_OPTIONS.map((limit) => ({
      value: String(limit),
      label: formatGbpWhole(poundsToPence(limit)),
    })),
    { value: OTHER_AMOUNT, label: "Other (specify amount)" },
  ];
}

function isListed(cover: AdditionalCover, limit: number): boolean {
  const listed: readonly number[] =
    cover.key === "directorsOfficers" ? DIRECTORS_OFFICERS_LIMIT_OPTIONS : OTHER_COVER_LIMIT_OPTIONS;
  return listed.includes(limit);
}

function isValidCustomAmount(amount: number): boolean {
  return Number.isInteger(amount) && amount >= CUSTOM_COVER_LIMIT_MIN && amount <= CUSTOM_COVER_LIMIT_MAX;
}

/** One additional cover: its tick, its limit select and, for 'Other', the custom amount. */
function CoverRow({
  cover,
  covers,
  disabled,
  onChange,
}: {
  cover: AdditionalCover;
  covers: CoverSelections;
  disabled: boolean;
  onChange: (next: CoverSelections) => void;
}) {
  const ticked = covers[cover.flag];
  const limit = covers[cover.limit];
  const [custom, setCustom] = useState(limit !== null && !isListed(cover, limit));
  const [customText, setCustomText] = useState(custom && limit !== null ? String(limit) : "");
  const customNumber = Number(customText);
  const customInvalid = customText !== "" && !isValidCustomAmount(customNumber);
  const id = `cover-${cover.key}`;

  const set = (flag: boolean, nextLimit: number | null) =>
    onChange({ ...covers, [cover.flag]: flag, [cover.limit]: nextLimit });
  const selectValue = custom ? OTHER_AMOUNT : limit === null ? "" : String(limit);

  return (
    <div className="grid gap-2 py-3 md:grid-cols-[1fr_16rem] md:items-start">
      <div className="flex items-center gap-2">
        <Checkbox
          id={id}
          checked={ticked}
          disabled={disabled}
          onCheckedChange={(checked) => {
            // Unticking a cover clears its limit (docs/product/screens.md).
            if (checked !== true) {
              setCustom(false);
              setCustomText("");
            }
            set(checked === true, null);
          }}
        />
        <Label htmlFor={id}>{cover.label}</Label>
      </div>
      {ticked ? (
        <div className="grid gap-2">
          <Select
            id={`${id}-limit`}
            aria-label={`${cover.label} limit`}
            placeholder="Choose a limit"
            value={selectValue}
            disabled={disabled}
            options={limitOptions(cover)}
            onValueChange={(value) => {
              if (value === OTHER_AMOUNT) {
                setCustom(true);
                set(true, isValidCustomAmount(customNumber) ? customNumber : null);
                return;
              }
              setCustom(false);
              set(true, Number(value));
            }}
          />
          {custom ? (
            <div className="grid gap-1">
              <Label htmlFor={`${id}-custom`} className="text-xs">
                {cover.label}: amount (£)
              </Label>
              <Input
                id={`${id}-custom`}
                type="number"
                min={CUSTOM_COVER_LIMIT_MIN}
                max={CUSTOM_COVER_LIMIT_MAX}
                step={1}
                inputMode="numeric"
                value={customText}
                disabled={disabled}
                aria-invalid={customInvalid || undefined}
                aria-describedby={`${id}-custom-hint${customInvalid ? ` ${id}-custom-error` : ""}`}
                onChange={(event) => setCustomText(event.target.value)}
                onBlur={() => {
                  const amount = Number(customText);
                  if (isValidCustomAmount(amount) && amount !== limit) set(true, amount);
                }}
                onKeyDown={(event) => {
                  if (event.key === "Enter") {
                    event.preventDefault();
                    event.currentTarget.blur();
                  }
                }}
              />
              <p id={`${id}-custom-hint`} className="text-xs text-slate-600">
                {CUSTOM_AMOUNT_HINT}
              </p>
              <FieldError id={`${id}-custom-error`} message={customInvalid ? CUSTOM_AMOUNT_HINT : undefined} />
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** docs/product/screens.md step 7 "Additional Covers": each priced as its own fee line once it has a limit. */
export function AdditionalCovers({
  covers,
  disabled,
  onChange,
}: {
  covers: CoverSelections;
  disabled: boolean;
  onChange: (next: CoverSelections) => void;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Additional Covers</CardTitle>
      </CardHeader>
      <CardContent className="divide-y divide-slate-100 py-0">
        {ADDITIONAL_COVERS.map((cover) => (
          <CoverRow key={cover.key} cover={cover} covers={covers} disabled={disabled} onChange={onChange} />
        ))}
      </CardContent>
    </Card>
  );
}
