import { todayInLondon } from "@domain/format/dates";
import { penceToMoneyString } from "@domain/money";
import type { RatingConfigIssue } from "@domain/rating/config-schema";
import { impactHeadline } from "@domain/rating/impact";
import type { RatingTestCase, TestCaseResult } from "@domain/rating/test-cases";
import {
  publicationConfirmation,
  type RatingVersion,
  TEST_INDUSTRIES,
  TEST_RISK_DEFAULTS,
  type TestRatingRisk,
  testRatingInput,
  testRatingRiskSchema,
} from "@domain/rating/version";
import { UnsavedChangesDialog } from "@web/components/leave/unsaved-changes-dialog";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { ConfirmDialog } from "@web/components/ui/dialog";
import { Input, Textarea } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { Select } from "@web/components/ui/select";
import { toast } from "@web/components/ui/toast-store";
import { useUnsavedChangesGuard } from "@web/hooks/use-unsaved-changes-guard";
import { ApiError, errorMessageOf } from "@web/lib/api-client";
import { keepEntries, SESSION_EXPIRED_TOAST, takeKeptEntries } from "@web/lib/kept-entries";
import { useSingleFlight } from "@web/lib/single-flight";
import { CheckCircle2, FlaskConical, Save, Send, TriangleAlert } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useCreateRatingVersion } from "../api/create-rating-version";
import { useImpactJob } from "../api/get-impact-job";
import { useRatingVersions } from "../api/get-rating-versions";
import { getTestCaseFromQuote } from "../api/get-test-case-from-quote";
import { usePublishRatingVersion } from "../api/publish-rating-version";
import { useUpdateRatingVersion } from "../api/update-rating-version";
import {
  checkTestCaseDrafts,
  runTestCaseDrafts,
  type TestCaseDraft,
  type TestCaseProblem,
  toTestCaseDraft,
} from "../test-cases";
import { checkRatingConfigText, runTestRating, type TestRatingOutcome } from "../test-rating";
import { ComparePanel } from "./compare-panel";
import { ConfigSummary } from "./config-summary";
import { ImpactPanel } from "./impact-panel";
import { TestCasesPanel } from "./test-cases-panel";
import { TestResults } from "./test-results";

export interface EditorSeed {
  /** The draft being edited; null for a new version. */
  version: RatingVersion | null;
  name: string;
  notes: string;
  effectiveFrom: string;
  effectiveTo: string;
  /** The configuration as its author wrote it (key order kept). */
  configText: string;
  testCases: RatingTestCase[];
}

const INDUSTRY_OPTIONS = TEST_INDUSTRIES.map((industry) => ({
  value: industry,
  label: industry.charAt(0).toUpperCase() + industry.slice(1),
}));

function invalidJsonToast() {
  toast({ title: "Validation Error", description: "Invalid JSON configuration", variant: "destructive" });
}

function IssueList({ issues }: { issues: readonly RatingConfigIssue[] }) {
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      <p className="flex items-center gap-2 font-semibold">
        <TriangleAlert aria-hidden="true" className="h-4 w-4" />
        {issues.length === 1 ? "1 problem in the configuration" : `${issues.length} problems in the configuration`}
      </p>
      <ul className="mt-2 grid gap-1">
        {issues.map((issue) => (
          <li key={`${issue.path}|${issue.message}`}>
            <code className="rounded bg-white px-1 py-0.5 text-xs font-semibold">{issue.path || "(root)"}</code>{" "}
            {issue.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

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

/** The editor stays open for a move to its own address: the same version of the rating versions screen. */
function sameEditorAddress(to: URL, address: string): boolean {
  const here = new URL(address, to);
  return to.pathname === here.pathname && to.searchParams.get("version") === here.searchParams.get("version");
}

/**
 * The configuration editor: version details, the JSON, Validate, Test Rating (the real engine in the
 * browser), Save and Publish. Published versions are immutable, so editing one starts a new draft. Leaving
 * with edits not yet saved asks first.
 */
export function RatingVersionEditor({
  seed,
  onClose,
  onSaved,
}: {
  seed: EditorSeed;
  onClose: () => void;
  onSaved: (version: RatingVersion) => void;
}) {
  const id = useId();
  const [name, setName] = useState(seed.name);
  const [notes, setNotes] = useState(seed.notes);
  const [effectiveFrom, setEffectiveFrom] = useState(seed.effectiveFrom || todayInLondon(new Date()));
  const [effectiveTo, setEffectiveTo] = useState(seed.effectiveTo);
  const [jsonText, setJsonText] = useState(seed.configText);
  const [risk, setRisk] = useState<TestRatingRisk>({ ...TEST_RISK_DEFAULTS });
  const [issues, setIssues] = useState<RatingConfigIssue[]>([]);
  const [validMessage, setValidMessage] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<TestRatingOutcome | null>(null);
  const [dirty, setDirty] = useState(false);
  // An admin who leaves with edits not yet saved is asked first, however they leave (docs/product/screens.md).
  const address = useRef(window.location.pathname + window.location.search);
  const leaveGuard = useUnsavedChangesGuard({
    unsaved: () => dirty,
    stays: (to) => sameEditorAddress(to, address.current),
    here: () => address.current,
  });
  // Back from signing in again after the session expired mid-save: the kept entries return, unsaved.
  const keptForm = `rating-version:${seed.version?.id ?? "new"}`;
  useEffect(() => {
    const kept = takeKeptEntries(keptForm);
    if (!kept) return;
    // Each value was kept by this editor as it stood; one that does not read as text keeps the form's own.
    const restore = (key: string, set: (value: string) => void) => {
      const value = kept[key];
      if (typeof value === "string") set(value);
    };
    restore("name", setName);
    restore("notes", setNotes);
    restore("effectiveFrom", setEffectiveFrom);
    restore("effectiveTo", setEffectiveTo);
    restore("jsonText", setJsonText);
    if (Array.isArray(kept.caseDrafts)) setCaseDrafts(kept.caseDrafts as TestCaseDraft[]);
    setDirty(true);
  }, [keptForm]);
  const [caseDrafts, setCaseDrafts] = useState<TestCaseDraft[]>(() => seed.testCases.map(toTestCaseDraft));
  const [caseResults, setCaseResults] = useState<TestCaseResult[] | null>(null);
  const [caseProblems, setCaseProblems] = useState<TestCaseProblem[]>([]);
  const [publishError, setPublishError] = useState<string | null>(null);
  const [confirmingPublish, setConfirmingPublish] = useState(false);
  // The impact analysis run for this draft in this screen; its headline is repeated when publishing.
  const [impactJobId, setImpactJobId] = useState<string | null>(null);
  const [analysedJsonText, setAnalysedJsonText] = useState<string | null>(null);
  const impactJob = useImpactJob(seed.version?.id ?? "", impactJobId).data;
  const versions = useRatingVersions();
  const createVersion = useCreateRatingVersion();
  const updateVersion = useUpdateRatingVersion();
  const publishVersion = usePublishRatingVersion();
  const saving = createVersion.isPending || updateVersion.isPending;
  // Save and Publish share one guard: a double click (or Publish during a Save) sends nothing more, so no
  // second draft is created and no false error is shown.
  const [once, busy] = useSingleFlight((action: () => Promise<unknown>) => action());
  const editing = seed.version;

  const edit =
    <T,>(setter: (value: T) => void) =>
    (value: T) => {
      setter(value);
      setDirty(true);
      setValidMessage(null);
      setPublishError(null);
    };

  const changeCases = (drafts: TestCaseDraft[]) => {
    edit(setCaseDrafts)(drafts);
    // Results of the cases as they were no longer say anything about the edited ones.
    setCaseResults(null);
    setCaseProblems([]);
  };

  /** Runs the cases with the real engine on the text in the editor (Validate and Test Rating both do). */
  const runCases = (text: string, drafts: readonly TestCaseDraft[] = caseDrafts) => {
    const run = runTestCaseDrafts(text, drafts);
    setCaseResults(run.kind === "ran" ? run.results : null);
    setCaseProblems(run.kind === "invalid-cases" ? run.problems : []);
  };

  const addCaseFromRisk = () => {
    const checked = testRatingRiskSchema.safeParse(risk);
    const input = testRatingInput(checked.success ? checked.data : { ...TEST_RISK_DEFAULTS });
    // The case starts as what this configuration rates today; the administrator then sets what it should be.
    const rated = runTestRating(jsonText, checked.success ? checked.data : { ...TEST_RISK_DEFAULTS });
    const result = rated.kind === "rated" ? rated.result : null;
    const draft = toTestCaseDraft({
      name: `Case ${caseDrafts.length + 1}`,
      input,
      expectedTotal: result ? penceToMoneyString(result.totalPremium) : "0.00",
      expectedReferrals: result ? result.referralHits.map((hit) => hit.code) : [],
    });
    changeCases([...caseDrafts, draft]);
  };

  const addCaseFromQuote = async (reference: string): Promise<boolean> => {
    try {
      const testCase = await getTestCaseFromQuote(reference);
      changeCases([...caseDrafts, toTestCaseDraft(testCase)]);
      toast({ title: "Test Case Added", description: `${testCase.name} added with its stored rating.` });
      return true;
    } catch (error) {
      toast({ title: "Add Case Error", description: errorMessageOf(error), variant: "destructive" });
      return false;
    }
  };

  const validate = (): Record<string, unknown> | null => {
    const check = checkRatingConfigText(jsonText);
    setOutcome(null);
    if (check.kind === "invalid-json") {
      setIssues([]);
      setValidMessage(null);
      invalidJsonToast();
      return null;
    }
    if (check.kind === "invalid-config") {
      setIssues(check.issues);
      setValidMessage(null);
      return null;
    }
    setIssues([]);
    setValidMessage("The configuration is valid: every factor, fee and referral rule compiles.");
    runCases(jsonText);
    return check.json;
  };

  const testRating = () => {
    const checked = testRatingRiskSchema.safeParse(risk);
    if (!checked.success) {
      const [issue] = checked.error.issues;
      const field = issue?.path.join(".") ?? "";
      const message = issue?.code === "invalid_type" ? `Enter a number for ${field}` : (issue?.message ?? "");
      toast({ title: "Validation Error", description: message, variant: "destructive" });
      return;
    }
    const result = runTestRating(jsonText, checked.data);
    if (result.kind === "invalid-json") {
      invalidJsonToast();
      return;
    }
    setIssues(result.kind === "invalid-config" ? result.issues : []);
    setOutcome(result);
    runCases(jsonText);
  };

  const save = async (): Promise<RatingVersion | null> => {
    const json = validate();
    if (!json) return null;
    if (!name.trim()) {
      toast({ title: "Validation Error", description: "Version name is required", variant: "destructive" });
      return null;
    }
    const cases = checkTestCaseDrafts(caseDrafts);
    if (!cases.ok) {
      setCaseProblems(cases.problems);
      toast({ title: "Validation Error", description: cases.problems[0]?.message ?? "", variant: "destructive" });
      return null;
    }
    const body = {
      name: name.trim(),
      notes: notes.trim(),
      json,
      effectiveFrom,
      effectiveTo: effectiveTo || null,
      testCases: cases.cases,
    };
    try {
      if (editing) {
        const updated = await updateVersion.mutateAsync({ id: editing.id, changes: body });
        // An analysis of the configuration saved before no longer describes this draft.
        if (analysedJsonText !== null && analysedJsonText !== jsonText) {
          setImpactJobId(null);
          setAnalysedJsonText(null);
        }
        toast({ title: "Rating Version Updated", description: `${updated.name} saved as a draft.` });
        setDirty(false);
        onSaved(updated);
        return updated;
      }
      const created = await createVersion.mutateAsync(body);
      toast({ title: "Rating Version Created", description: `${created.name} saved as a draft.` });
      setDirty(false);
      onSaved(created);
      return created;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        // The query client has already asked for the session again; once it answers "signed out", the route's
        // guard sends the admin to sign in and back here. The entries go first.
        keepEntries(keptForm, { name, notes, effectiveFrom, effectiveTo, jsonText, caseDrafts });
        toast(SESSION_EXPIRED_TOAST);
        return null;
      }
      if (error instanceof ApiError && error.issues.length > 0) setIssues(error.issues);
      toast({
        title: editing ? "Update Error" : "Creation Error",
        description: errorMessageOf(error),
        variant: "destructive",
      });
      return null;
    }
  };

  // Only the saved draft is ever published: Publish waits until every change is saved.
  const canPublish = editing?.status === "DRAFT" && !dirty;
  const publish = async () => {
    if (!editing || dirty) return;
    try {
      await publishVersion.mutateAsync(editing.id);
      toast({ title: "Version Published", description: "Rating version has been published and is now active" });
      setConfirmingPublish(false);
      onClose();
    } catch (error) {
      setConfirmingPublish(false);
      setPublishError(errorMessageOf(error));
      if (error instanceof ApiError && error.code === "RATING_TEST_CASES_FAILING") runCases(jsonText);
      toast({ title: "Publish Error", description: errorMessageOf(error), variant: "destructive" });
    }
  };

  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle>{editing ? `Edit ${editing.name}` : "New Version"}</CardTitle>
          <Button variant="outline" size="sm" onClick={() => leaveGuard.leave(onClose)}>
            Back to versions
          </Button>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-3 md:grid-cols-4">
            <div className="grid gap-1.5 md:col-span-2">
              <Label htmlFor={`${id}-name`}>Name</Label>
              <Input id={`${id}-name`} value={name} onChange={(event) => edit(setName)(event.target.value)} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-from`}>Effective From</Label>
              <Input
                id={`${id}-from`}
                type="date"
                value={effectiveFrom}
                onChange={(event) => edit(setEffectiveFrom)(event.target.value)}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-to`}>Effective To (optional)</Label>
              <Input
                id={`${id}-to`}
                type="date"
                value={effectiveTo}
                onChange={(event) => edit(setEffectiveTo)(event.target.value)}
              />
            </div>
            <div className="grid gap-1.5 md:col-span-4">
              <Label htmlFor={`${id}-notes`}>Notes</Label>
              <Input id={`${id}-notes`} value={notes} onChange={(event) => edit(setNotes)(event.target.value)} />
            </div>
          </div>
          <div className="grid gap-3 lg:grid-cols-[3fr_2fr]">
            <div className="grid content-start gap-1.5">
              <Label htmlFor={`${id}-json`}>Configuration (JSON)</Label>
              <Textarea
                id={`${id}-json`}
                spellCheck={false}
                rows={22}
                className="font-mono text-xs leading-5"
                value={jsonText}
                onChange={(event) => edit(setJsonText)(event.target.value)}
              />
            </div>
            <div className="grid content-start gap-1.5">
              <p className="text-sm font-medium text-slate-800">Summary (read-only)</p>
              <ConfigSummary text={jsonText} />
            </div>
          </div>
          {issues.length > 0 ? <IssueList issues={issues} /> : null}
          {validMessage ? (
            <p role="status" className="flex items-center gap-2 text-sm font-medium text-green-800">
              <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
              {validMessage}
            </p>
          ) : null}
          <TestCasesPanel
            drafts={caseDrafts}
            results={caseResults}
            problems={caseProblems}
            readOnly={false}
            onChange={changeCases}
            onAddFromRisk={addCaseFromRisk}
            onAddFromQuote={addCaseFromQuote}
          />
          <fieldset className="grid gap-3 rounded-md border border-slate-200 p-3">
            <legend className="px-1 text-sm font-semibold text-slate-900">Test risk</legend>
            <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5">
              <NumberField
                id={`${id}-turnover`}
                label="Turnover (£)"
                value={risk.turnover}
                step={1000}
                onChange={(turnover) => setRisk({ ...risk, turnover })}
              />
              <div className="grid gap-1">
                <Label htmlFor={`${id}-industry`} className="text-xs">
                  Industry
                </Label>
                <Select
                  id={`${id}-industry`}
                  value={risk.industry}
                  onValueChange={(industry) => setRisk({ ...risk, industry: industry as TestRatingRisk["industry"] })}
                  options={INDUSTRY_OPTIONS}
                />
              </div>
              <NumberField
                id={`${id}-sum-insured`}
                label="Sum insured (£)"
                value={risk.sumInsured}
                step={100000}
                onChange={(sumInsured) => setRisk({ ...risk, sumInsured })}
              />
              <NumberField
                id={`${id}-claims`}
                label="Claims last 3 years"
                value={risk.claimsLast3Yrs}
                onChange={(claimsLast3Yrs) => setRisk({ ...risk, claimsLast3Yrs })}
              />
              <NumberField
                id={`${id}-employees`}
                label="Employees"
                value={risk.employees}
                onChange={(employees) => setRisk({ ...risk, employees })}
              />
            </div>
          </fieldset>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={validate}>
              <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
              Validate
            </Button>
            <Button variant="outline" onClick={testRating}>
              <FlaskConical aria-hidden="true" className="h-4 w-4" />
              Test Rating
            </Button>
            <Button onClick={() => void once(save)} disabled={busy}>
              <Save aria-hidden="true" className="h-4 w-4" />
              {saving ? "Saving..." : "Save"}
            </Button>
            <Button
              variant="secondary"
              onClick={() => setConfirmingPublish(true)}
              disabled={busy || !canPublish}
              aria-describedby={canPublish ? undefined : `${id}-publish-hint`}
            >
              <Send aria-hidden="true" className="h-4 w-4" />
              {publishVersion.isPending ? "Publishing..." : "Publish"}
            </Button>
            {canPublish ? null : (
              <p id={`${id}-publish-hint`} className="self-center text-sm text-slate-600">
                {editing ? "Save your changes before publishing." : "Save the draft before publishing."}
              </p>
            )}
          </div>
          {publishError ? (
            <p role="alert" className="flex items-start gap-2 text-sm font-medium text-red-800">
              <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
              Not published: {publishError}
            </p>
          ) : null}
        </CardContent>
      </Card>
      {outcome?.kind === "rated" ? (
        <TestResults result={outcome.result} highSumInsured={outcome.highSumInsured} />
      ) : null}
      <div className="grid items-start gap-4 xl:grid-cols-2">
        {editing?.status === "DRAFT" ? (
          <ImpactPanel
            version={editing}
            unsavedChanges={dirty}
            jobId={impactJobId}
            onStarted={(jobId) => {
              setImpactJobId(jobId);
              setAnalysedJsonText(jsonText);
            }}
          />
        ) : null}
        <ComparePanel versions={versions.data ?? []} configText={jsonText} effectiveFrom={effectiveFrom} />
      </div>
      <UnsavedChangesDialog
        guard={leaveGuard}
        title="Leave this version?"
        description="Your changes to this rating version have not been saved. If you leave now, they are lost."
        confirmLabel="Leave without saving"
      />
      {editing ? (
        <ConfirmDialog
          open={confirmingPublish}
          onOpenChange={setConfirmingPublish}
          title="Publish rating version"
          description={[
            publicationConfirmation(versions.data ?? [], {
              name: editing.name,
              productCode: editing.productCode,
              effectiveFrom: editing.effectiveFrom,
              effectiveTo: editing.effectiveTo,
            }),
            impactJob?.status === "completed" && impactJob.report
              ? `Impact analysis: ${impactHeadline(impactJob.report)}`
              : "No impact analysis was run for this draft.",
          ].join(" ")}
          confirmLabel="Publish version"
          busyLabel="Publishing..."
          busy={busy}
          onConfirm={() => void once(publish)}
        />
      ) : null}
    </div>
  );
}
