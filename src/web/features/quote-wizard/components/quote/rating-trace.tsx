import { ChevronRight } from "lucide-react";
import type { RatingTraceEntry } from "../../../../../domain/quote/quote";

/** "claimsLast3Yrs" -> "Claims last 3 yrs", "coverLimit" -> "Cover limit". */
export function humaniseFactorName(name: string): string {
  const words = name
    .replace(/_/g, " ")
    .replace(/([a-z])([A-Z0-9])/g, "$1 $2")
    .replace(/([0-9])([A-Za-z])/g, "$1 $2")
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const KIND_LABELS: Record<string, string> = {
  factor: "Rating factor",
  cap: "Cap",
  minPremium: "Minimum premium",
  excess: "Excess option",
  override: "Manual override",
  additionalCover: "Additional cover",
  referral: "Referral rule",
};

/** ×1.40 with two decimals, so brokers read every multiplier the same way. */
function formatMultiplier(multiplier: number): string {
  return `×${multiplier.toFixed(2)}`;
}

/**
 * The engine's explanation of the premium (DECISIONS §5): each factor applied, the band or value it matched
 * and its multiplier, so a broker can answer "why this price?" without asking underwriting.
 */
export function RatingTrace({ trace }: { trace: readonly RatingTraceEntry[] }) {
  return (
    <details className="group rounded-md border border-slate-200 bg-slate-50 px-3 py-2">
      <summary className="flex cursor-pointer items-center gap-1 rounded text-sm font-medium text-blue-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600">
        <ChevronRight aria-hidden="true" className="h-4 w-4 transition-transform group-open:rotate-90" />
        How this premium was built
      </summary>
      <table className="mt-2 w-full text-left text-xs">
        <caption className="sr-only">Factors applied to the base rate</caption>
        <thead className="text-slate-600">
          <tr>
            <th scope="col" className="py-1 font-semibold">
              Factor
            </th>
            <th scope="col" className="py-1 font-semibold">
              Matched
            </th>
            <th scope="col" className="py-1 text-right font-semibold">
              Multiplier
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {trace.map((entry) => (
            <tr key={`${entry.kind}-${entry.name}-${entry.matched}`}>
              <td className="py-1 pr-2">
                <span className="font-medium text-slate-900">{humaniseFactorName(entry.name)}</span>
                <span className="block text-slate-500">
                  {KIND_LABELS[entry.kind] ?? humaniseFactorName(entry.kind)}
                </span>
              </td>
              <td className="py-1 pr-2 text-slate-800">{entry.matched}</td>
              <td className="py-1 text-right tabular-nums text-slate-900">{formatMultiplier(entry.multiplier)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 text-xs text-slate-600">
        The base rate is multiplied by each factor (within the configured caps); fees and Insurance Premium Tax are then
        added.
      </p>
    </details>
  );
}
