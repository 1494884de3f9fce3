import { todayInLondon } from "@domain/format/dates";
import { MI_DEFAULT_MONTHS, MI_TOP_FIRMS } from "@domain/mi/mi";
import { monthsBefore } from "@domain/mi/months";
import { AppLayout } from "@web/components/layout/app-layout";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { Select } from "@web/components/ui/select";
import { useNow } from "@web/hooks/use-now";
import { pageTitle, usePageTitle } from "@web/hooks/use-page-title";
import { useMe } from "@web/lib/api/get-me";
import { errorMessageOf } from "@web/lib/api-client";
import { useId, useState } from "react";
import { type MiFilters, useMiChart } from "./get-mi";
import { MiCard } from "./mi-card";

/** The product's blues and its warning and danger tones (docs/product/screens.md), distinct for every viewer. */
const COLOURS = {
  blue: "#1e40af",
  sky: "#0284c7",
  teal: "#0f766e",
  amber: "#b45309",
  red: "#b91c1c",
  slate: "#475569",
};

/** Management information (UNDERWRITER, ADMIN, BROKER): the book's figures by month, band and firm (docs/product/mi.md). */
export default function MiRoute() {
  usePageTitle(pageTitle("Management information"));
  const id = useId();
  const me = useMe();
  const to = todayInLondon(useNow()).slice(0, 7);
  const [filters, setFilters] = useState<MiFilters>({ from: monthsBefore(to, MI_DEFAULT_MONTHS), to, firmId: "" });
  const seesBook = me.data?.role !== "BROKER";
  // The first chart's answer stands for all: a range the server refuses is said once, by the filters.
  const first = useMiChart("premium", filters);
  const firms = useMiChart("firms", { ...filters, firmId: "" });
  const firmOptions = [
    { value: "", label: "All firms" },
    ...(firms.data?.rows ?? [])
      .filter((row) => typeof row.firmId === "string")
      .map((row) => ({ value: String(row.firmId), label: String(row.firm) })),
  ];
  const set = (change: Partial<MiFilters>) => setFilters((current) => ({ ...current, ...change }));

  return (
    <AppLayout>
      <div className="grid min-w-0 grid-cols-1 gap-5">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">Management information</h1>
          <p className="text-sm text-slate-600">
            {seesBook
              ? "The whole book, or one firm's, by London month"
              : "The quotes you act for, by London month: your own, and your firm's if you lead it"}
          </p>
        </div>
        <fieldset className="grid gap-3 sm:grid-cols-3 lg:max-w-3xl">
          <legend className="sr-only">Filters</legend>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-from`}>From month</Label>
            <Input
              id={`${id}-from`}
              type="month"
              value={filters.from}
              onChange={(e) => set({ from: e.target.value })}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-to`}>To month</Label>
            <Input id={`${id}-to`} type="month" value={filters.to} onChange={(e) => set({ to: e.target.value })} />
          </div>
          {seesBook ? (
            <div className="grid gap-1">
              <Label htmlFor={`${id}-firm`}>Firm</Label>
              <Select
                id={`${id}-firm`}
                value={filters.firmId}
                onValueChange={(firmId) => set({ firmId })}
                options={firmOptions}
              />
            </div>
          ) : null}
        </fieldset>
        {first.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessageOf(first.error)}
          </p>
        ) : (
          <div className="grid min-w-0 grid-cols-1 gap-4 xl:grid-cols-2">
            <MiCard
              chart="premium"
              filters={filters}
              series={[
                { key: "total", bars: true, color: COLOURS.blue },
                { key: "newBusiness", color: COLOURS.teal },
                { key: "renewals", color: COLOURS.sky },
                { key: "adjustments", color: COLOURS.amber },
                { key: "cancellations", color: COLOURS.red },
              ]}
            />
            <MiCard
              chart="quotes"
              filters={filters}
              series={[
                { key: "created", bars: true, color: COLOURS.blue },
                { key: "bound", color: COLOURS.teal },
                { key: "referred", color: COLOURS.amber },
              ]}
              note="Quote-to-bind ratio and referral rate are in the table."
            />
            <MiCard
              chart="decisions"
              filters={filters}
              series={[
                { key: "approved", bars: true, color: COLOURS.teal },
                { key: "declined", color: COLOURS.red },
                { key: "counter", color: COLOURS.amber },
                { key: "medianMinutes", color: COLOURS.blue, right: true },
                { key: "p90Minutes", color: COLOURS.slate, right: true },
              ]}
              note="Times (right scale) are hours from referral to decision, read to within 10%."
            />
            <MiCard
              chart="turnover-bands"
              filters={filters}
              series={[{ key: "premium", bars: true, color: COLOURS.blue }]}
            />
            <MiCard
              chart="firms"
              filters={filters}
              series={[{ key: "premium", bars: true, color: COLOURS.blue }]}
              plotRows={(table) => table.rows.slice(0, MI_TOP_FIRMS)}
              note={`The chart shows the top ${MI_TOP_FIRMS} firms by premium; the table lists every firm.`}
            />
          </div>
        )}
      </div>
    </AppLayout>
  );
}
