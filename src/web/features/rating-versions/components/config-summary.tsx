import { DEFAULT_COMMISSION_LIMITS } from "@domain/quote/commission";
import type { FactorDefinition, RatingConfig, RatingConfigInput } from "@domain/rating/config-schema";
import { useFirstUse } from "@web/lib/on-first-use";
import { type ReactNode, useDeferredValue } from "react";
import { editorEngine } from "../lib/editor-engine-code";

const number = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 12 });
const pounds = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });

/** A band as written: whole-number bands run min to max, each up to the next band's min (ADR 0005). */
function bandRange(min: number, max: number | null): string {
  if (max === null) return `${number.format(min)} and over`;
  return min === max ? number.format(min) : `${number.format(min)} to ${number.format(max)}`;
}

type SummaryConfig = Pick<
  RatingConfig,
  "baseRate" | "taxesPct" | "caps" | "factors" | "fees" | "referralRules" | "commissionLimits"
>;

/**
 * A configuration the server has accepted (it compiled it when the version was saved), as the engine reads it:
 * the lists it leaves out are empty. Its bands and maps are as written, so no engine is needed to show it.
 */
function acceptedConfig(text: string): SummaryConfig {
  const json = JSON.parse(text) as RatingConfigInput;
  return {
    baseRate: json.baseRate,
    taxesPct: json.taxesPct,
    caps: json.caps,
    factors: (json.factors ?? {}) as Record<string, FactorDefinition>,
    fees: json.fees ?? [],
    referralRules: json.referralRules ?? [],
    commissionLimits: json.commissionLimits ?? { ...DEFAULT_COMMISSION_LIMITS },
  };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-1.5">
      <h3 className="text-xs font-semibold tracking-wide text-slate-700 uppercase">{title}</h3>
      {children}
    </section>
  );
}

function FactorTable({ name, definition }: { name: string; definition: FactorDefinition }) {
  const rows = Array.isArray(definition)
    ? definition.map((band) => [bandRange(band.min, band.max), band.multiplier] as const)
    : Object.entries(definition).map(([value, multiplier]) => [value, multiplier] as const);
  return (
    <table className="w-full text-xs" data-testid="config-factor">
      <caption className="text-left text-sm font-medium text-slate-900">{name}</caption>
      <thead>
        <tr className="text-left text-slate-600">
          <th scope="col" className="py-0.5 font-medium">
            {Array.isArray(definition) ? "Band" : "Value"}
          </th>
          <th scope="col" className="py-0.5 text-right font-medium">
            Multiplier
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, multiplier]) => (
          <tr key={label} className="border-t border-slate-100">
            <td className="py-0.5 text-slate-800">{label}</td>
            <td className="py-0.5 text-right text-slate-900 tabular-nums">x{number.format(multiplier)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A read-only reading of the configuration beside its JSON: the figures an underwriter checks (base rate,
 * each factor's bands and multipliers, fees, referral rules, the commission an underwriter may set) without hunting
 * through the text. It follows
 * the text as it is typed, and waits while the text does not compile. The text a saved version holds, which
 * the server compiled, shows without the engine; any other text is read by the engine, fetched for it.
 */
export function ConfigSummary({ text, acceptedText }: { text: string; acceptedText: string | null }) {
  const deferred = useDeferredValue(text);
  const accepted = deferred === acceptedText;
  const engine = useFirstUse(editorEngine, !accepted);
  const config = accepted ? acceptedConfig(deferred) : (engine?.readRatingConfig(deferred) ?? null);
  // Codes, conditions and names are single long words (SUBCONTRACTOR_INSURANCE_NOT_CONFIRMED): they break
  // where they must, or the summary would hold the whole editor wider than a phone.
  return (
    <section
      aria-label="Configuration summary"
      className="grid min-w-0 content-start gap-4 rounded-md border border-slate-200 bg-slate-50 p-3 wrap-anywhere"
    >
      {config === null ? (
        <p className="text-sm text-slate-700">The summary appears when the configuration is valid.</p>
      ) : (
        <>
          <Section title="Rates">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5 text-sm">
              <dt className="text-slate-600">Base rate</dt>
              <dd className="font-semibold text-slate-900 tabular-nums">{pounds.format(config.baseRate)}</dd>
              <dt className="text-slate-600">Taxes</dt>
              <dd className="text-slate-900 tabular-nums">{number.format(config.taxesPct)}%</dd>
              <dt className="text-slate-600">Minimum premium</dt>
              <dd className="text-slate-900 tabular-nums">{pounds.format(config.caps.minPremium)}</dd>
              <dt className="text-slate-600">Largest multiplier</dt>
              <dd className="text-slate-900 tabular-nums">x{number.format(config.caps.maxMultiplier)}</dd>
            </dl>
          </Section>
          <Section title="Factors">
            {Object.keys(config.factors).length === 0 ? (
              <p className="text-sm text-slate-700">No factors</p>
            ) : (
              Object.entries(config.factors).map(([name, definition]) => (
                <FactorTable key={name} name={name} definition={definition} />
              ))
            )}
          </Section>
          <Section title="Fees">
            {config.fees.length === 0 ? (
              <p className="text-sm text-slate-700">No fees</p>
            ) : (
              <ul className="grid gap-0.5 text-sm">
                {config.fees.map((fee) => (
                  <li key={fee.code}>
                    {fee.label} <span className="text-slate-600">({fee.code})</span>:{" "}
                    <span className="tabular-nums">{pounds.format(fee.amount)}</span>
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section title="Commission">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5 text-sm">
              <dt className="text-slate-600">An underwriter may set</dt>
              <dd className="text-slate-900 tabular-nums" data-testid="config-commission-limits">
                {number.format(config.commissionLimits.minPercent)}% to{" "}
                {number.format(config.commissionLimits.maxPercent)}%
              </dd>
            </dl>
          </Section>
          <Section title="Referral rules">
            {config.referralRules.length === 0 ? (
              <p className="text-sm text-slate-700">No referral rules</p>
            ) : (
              <ul className="grid gap-1 text-sm">
                {config.referralRules.map((rule) => (
                  <li key={rule.code}>
                    <span className="font-medium">{rule.code}</span>: {rule.description}
                    <code className="block text-xs text-slate-700">{rule.condition}</code>
                  </li>
                ))}
              </ul>
            )}
          </Section>
        </>
      )}
    </section>
  );
}
