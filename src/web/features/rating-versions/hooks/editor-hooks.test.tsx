// @vitest-environment jsdom

import type { RatingConfigIssue } from "@domain/rating/config-schema";
import { PI001_RATING_CONFIG } from "@domain/rating/configs/pi001";
import type { ImpactJob } from "@domain/rating/impact";
import { defaultRatingInput } from "@domain/rating/input";
import { type RatingVersion, ratingConfigText, TEST_RISK_DEFAULTS } from "@domain/rating/version";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, renderHook } from "@testing-library/react";
import { readToasts } from "@web/components/ui/toast-store";
import { keepEntries } from "@web/lib/kept-entries";
import { type ReactNode, useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { impactJobQueryKey } from "../api/get-impact-job";
import type { EditorSeed } from "../editor-form";
import { useEditorForm } from "./use-editor-form";
import { useImpactAnalysis } from "./use-impact-analysis";
import { useTestCases } from "./use-test-cases";
import { useTestRating } from "./use-test-rating";
import { useValidateConfig, VALID_CONFIG_MESSAGE } from "./use-validate-config";

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const CONFIG_TEXT = ratingConfigText(PI001_RATING_CONFIG);

const SEED: EditorSeed = {
  version: null,
  name: "PI001 2027",
  notes: "",
  effectiveFrom: "2027-01-01",
  effectiveTo: "",
  configText: CONFIG_TEXT,
  testCases: [
    {
      name: "Reference risk",
      // docs/product/rating.md's PI001 example: £150 minimum premium + £25 fee + 12% IPT = £196.00.
      input: defaultRatingInput({ turnover: 500_000, industry: "technology", claimsLast3Yrs: 0 }),
      expectedTotal: "196.00",
      expectedReferrals: [],
    },
  ],
};

function wrapper(client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

function latestToast() {
  const [first] = readToasts();
  return first ? { title: first.title, description: first.description } : null;
}

/** The editor's flows wired as the editor wires them. */
function useFlows(seed: EditorSeed) {
  const editor = useEditorForm(seed);
  const [issues, setIssues] = useState<RatingConfigIssue[]>([]);
  const edited = () => validation.clearValidMessage();
  const cases = useTestCases({ form: editor.form, onEdit: edited });
  const rating = useTestRating({ setIssues, runCases: cases.run });
  const validation = useValidateConfig({ setIssues, clearOutcome: rating.clearOutcome, runCases: cases.run });
  return { ...editor, issues, cases, rating, validation };
}

describe("the editor's form", () => {
  it("is unsaved only while it differs from the version as last saved", () => {
    const { result } = renderHook(() => useEditorForm(SEED), { wrapper: wrapper() });
    expect(result.current.dirty).toBe(false);
    act(() => result.current.form.setValue("name", "PI001 2028", { shouldDirty: true }));
    expect(result.current.dirty).toBe(true);
    act(() => result.current.form.setValue("name", "PI001 2027", { shouldDirty: true }));
    expect(result.current.dirty).toBe(false);
    act(() => result.current.form.setValue("json", `${CONFIG_TEXT} `, { shouldDirty: true }));
    expect(result.current.dirty).toBe(true);
    // Saved: what the form holds is the version now.
    act(() => result.current.form.reset(result.current.form.getValues(), { keepValues: true }));
    expect(result.current.dirty).toBe(false);
    expect(result.current.form.getValues("json")).toBe(`${CONFIG_TEXT} `);
  });

  it("opens a new version from today when it has no date yet", () => {
    const { result } = renderHook(() => useEditorForm({ ...SEED, effectiveFrom: "" }), { wrapper: wrapper() });
    expect(result.current.form.getValues("effectiveFrom")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(result.current.dirty).toBe(false);
  });

  it("puts back the entries kept when the session expired, unsaved, and forgets them", () => {
    keepEntries("rating-version:new", { name: "Kept name", notes: 42, jsonText: "{ kept", caseDrafts: [] });
    const { result } = renderHook(() => useEditorForm(SEED), { wrapper: wrapper() });
    expect(result.current.form.getValues()).toMatchObject({
      name: "Kept name",
      // Not text: the form keeps its own.
      notes: "",
      json: "{ kept",
      testCases: [],
    });
    expect(result.current.dirty).toBe(true);
    expect(sessionStorage.length).toBe(0);
  });
});

describe("Validate, Test Rating and the test cases", () => {
  it("says the configuration is valid and runs the cases with the real engine", async () => {
    const { result } = renderHook(() => useFlows(SEED), { wrapper: wrapper() });
    let json: Record<string, unknown> | null = null;
    await act(async () => {
      json = await result.current.validation.validate(CONFIG_TEXT);
    });
    expect(json).toMatchObject({ productCode: "PI001" });
    expect(result.current.validation.validMessage).toBe(VALID_CONFIG_MESSAGE);
    expect(result.current.cases.results?.map((case_) => case_.passed)).toEqual([true]);
  });

  it("lists a configuration's problems with their paths, and refuses text that is not JSON with a toast", async () => {
    const { result } = renderHook(() => useFlows(SEED), { wrapper: wrapper() });
    await act(() => result.current.validation.validate(ratingConfigText({ ...PI001_RATING_CONFIG, baseRate: -5 })));
    expect(result.current.issues).toEqual([{ path: "baseRate", message: "Must be greater than 0" }]);
    expect(result.current.validation.validMessage).toBeNull();
    await act(() => result.current.validation.validate("{ not json"));
    expect(result.current.issues).toEqual([]);
    expect(latestToast()).toEqual({ title: "Validation Error", description: "Invalid JSON configuration" });
  });

  it("forgets the cases' results and 'valid' once a case changes", async () => {
    const { result } = renderHook(() => useFlows(SEED), { wrapper: wrapper() });
    await act(() => result.current.validation.validate(CONFIG_TEXT));
    const drafts = result.current.cases.drafts;
    act(() => result.current.cases.change(drafts.map((draft) => ({ ...draft, expectedTotal: "1.00" }))));
    expect(result.current.cases.results).toBeNull();
    expect(result.current.validation.validMessage).toBeNull();
    expect(result.current.dirty).toBe(true);
    await act(() => result.current.rating.testRating(CONFIG_TEXT));
    expect(result.current.rating.outcome?.kind).toBe("rated");
    expect(result.current.cases.results?.map((case_) => case_.passed)).toEqual([false]);
  });

  it("adds a case from the test risk at what the configuration rates it today", async () => {
    const { result } = renderHook(() => useFlows({ ...SEED, testCases: [] }), { wrapper: wrapper() });
    await act(() => result.current.cases.addFromRisk(CONFIG_TEXT, { ...TEST_RISK_DEFAULTS }));
    const [draft] = result.current.cases.drafts;
    expect(draft?.name).toBe("Case 1");
    await act(() => result.current.rating.testRating(CONFIG_TEXT));
    expect(result.current.cases.results?.map((case_) => case_.passed)).toEqual([true]);
  });

  it("asks for a number when a test risk box is empty, and rates nothing", async () => {
    const { result } = renderHook(() => useFlows(SEED), { wrapper: wrapper() });
    act(() => result.current.rating.setRisk({ ...TEST_RISK_DEFAULTS, turnover: Number.NaN }));
    await act(() => result.current.rating.testRating(CONFIG_TEXT));
    expect(latestToast()).toEqual({ title: "Validation Error", description: "Enter a number for turnover" });
    expect(result.current.rating.outcome).toBeNull();
  });
});

describe("the impact analysis of the draft", () => {
  it("is kept while the saved configuration is the one analysed, and forgotten once another is saved", () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const version = { id: "draft-1" } as RatingVersion;
    client.setQueryData(impactJobQueryKey("draft-1", "job-1"), { id: "job-1", status: "completed" } as ImpactJob);
    const { result } = renderHook(() => useImpactAnalysis(version), { wrapper: wrapper(client) });
    act(() => result.current.started("job-1", CONFIG_TEXT));
    expect(result.current.job?.id).toBe("job-1");
    act(() => result.current.saved(CONFIG_TEXT));
    expect(result.current.jobId).toBe("job-1");
    act(() => result.current.saved(`${CONFIG_TEXT}\n`));
    expect(result.current.jobId).toBeNull();
    expect(result.current.job).toBeUndefined();
  });
});
