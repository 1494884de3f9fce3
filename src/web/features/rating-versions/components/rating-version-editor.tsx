import type { RatingConfigIssue } from "@domain/rating/config-schema";
import type { RatingVersion } from "@domain/rating/version";
import { UnsavedChangesDialog } from "@web/components/leave/unsaved-changes-dialog";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { preload, useFirstUse } from "@web/lib/on-first-use";
import { useSingleFlight } from "@web/lib/single-flight";
import { useId, useState } from "react";
import { useWatch } from "react-hook-form";
import { useRatingVersions } from "../api/get-rating-versions";
import type { EditorSeed } from "../editor-form";
import { useEditorForm } from "../hooks/use-editor-form";
import { useImpactAnalysis } from "../hooks/use-impact-analysis";
import { usePublishVersion } from "../hooks/use-publish-version";
import { useSaveVersion } from "../hooks/use-save-version";
import { useTestCases } from "../hooks/use-test-cases";
import { useTestRating } from "../hooks/use-test-rating";
import { useValidateConfig } from "../hooks/use-validate-config";
import { editorEngine } from "../lib/editor-engine-code";
import { ComparePanel } from "./compare-panel";
import { ConfigFeedback } from "./config-feedback";
import { EditorActions } from "./editor-actions";
import { ImpactPanel } from "./impact-panel";
import { PublishConfirmation } from "./publish-confirmation";
import { ReceiptCheckPanel } from "./receipt-check-panel";
import { TestCasesPanel } from "./test-cases-panel";
import { TestResults } from "./test-results";
import { TestRiskFields } from "./test-risk-fields";
import { ConfigFields, VersionDetailsFields } from "./version-fields";

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
  const editing = seed.version;
  const { form, dirty, leaveGuard, keptForm } = useEditorForm(seed);
  const [json, effectiveFrom] = useWatch({ control: form.control, name: ["json", "effectiveFrom"] });
  const text = () => form.getValues("json");
  const [issues, setIssues] = useState<RatingConfigIssue[]>([]);
  const versions = useRatingVersions();
  const impact = useImpactAnalysis(editing);

  // Any change to the version: 'valid' and a refused publication spoke of the version as it was.
  const edited = () => {
    validation.clearValidMessage();
    publication.clearError();
  };
  const cases = useTestCases({ form, onEdit: edited });
  const rating = useTestRating({ setIssues, runCases: cases.run });
  const validation = useValidateConfig({ setIssues, clearOutcome: rating.clearOutcome, runCases: cases.run });
  const publication = usePublishVersion({
    editing,
    dirty,
    onRefusedByCases: () => void cases.run(text()),
    onPublished: onClose,
  });
  const saving = useSaveVersion({
    form,
    editing,
    keptForm,
    validate: validation.validate,
    setIssues,
    setCaseProblems: cases.setProblems,
    onSaved: (saved, savedText) => {
      impact.saved(savedText);
      onSaved(saved);
    },
  });
  // Save and Publish share one guard: a double click (or Publish during a Save) sends nothing more, so no
  // second draft is created and no false error is shown.
  const [once, busy] = useSingleFlight((action: () => Promise<unknown>) => action());

  // The engine (checks, Validate, Test Rating, the cases) is fetched when the administrator comes to the editor,
  // before any button that needs it is pressed; the summary of the saved text shows without it.
  const comeToEditor = () => preload(editorEngine);
  // A test rating has run on the engine, which brings the premium lines' names its results show.
  const engine = useFirstUse(editorEngine, rating.outcome !== null);
  return (
    <div className="grid min-w-0 gap-4">
      <Card onFocus={comeToEditor} onPointerOver={comeToEditor}>
        <CardHeader>
          <CardTitle className="min-w-0 wrap-anywhere">{editing ? `Edit ${editing.name}` : "New Version"}</CardTitle>
          <Button variant="outline" size="sm" onClick={() => leaveGuard.leave(onClose)}>
            Back to versions
          </Button>
        </CardHeader>
        <CardContent className="grid gap-4">
          <VersionDetailsFields id={id} form={form} onEdit={edited} />
          <ConfigFields id={id} form={form} acceptedText={seed.configSaved ? seed.configText : null} onEdit={edited} />
          <ConfigFeedback issues={issues} validMessage={validation.validMessage} />
          <TestCasesPanel
            drafts={cases.drafts}
            results={cases.results}
            problems={cases.problems}
            readOnly={false}
            onChange={cases.change}
            onAddFromRisk={() => void cases.addFromRisk(text(), rating.risk)}
            onAddFromQuote={cases.addFromQuote}
          />
          <TestRiskFields id={id} risk={rating.risk} onChange={rating.setRisk} />
          <EditorActions
            id={id}
            isNew={!editing}
            busy={busy}
            saving={saving.saving}
            publishing={publication.publishing}
            canPublish={publication.canPublish}
            publishError={publication.error}
            onValidate={() => void validation.validate(text())}
            onTestRating={() => void rating.testRating(text())}
            onSave={() => void once(saving.save)}
            onPublish={() => publication.setConfirming(true)}
          />
        </CardContent>
      </Card>
      {rating.outcome?.kind === "rated" && engine ? (
        <TestResults
          result={rating.outcome.result}
          highSumInsured={rating.outcome.highSumInsured}
          lines={engine.PREMIUM_LINES}
          cancellations={rating.outcome.cancellations}
          waiverThreshold={rating.outcome.waiverThreshold}
        />
      ) : null}
      <ReceiptCheckPanel />
      <div className="grid items-start gap-4 xl:grid-cols-2">
        {editing?.status === "DRAFT" ? (
          <ImpactPanel
            version={editing}
            unsavedChanges={dirty}
            jobId={impact.jobId}
            onStarted={(jobId) => impact.started(jobId, text())}
          />
        ) : null}
        <ComparePanel versions={versions.data ?? []} configText={json} effectiveFrom={effectiveFrom} />
      </div>
      <UnsavedChangesDialog
        guard={leaveGuard}
        title="Leave this version?"
        description="Your changes to this rating version have not been saved. If you leave now, they are lost."
        confirmLabel="Leave without saving"
      />
      {editing ? (
        <PublishConfirmation
          version={editing}
          versions={versions.data ?? []}
          impactJob={impact.job}
          open={publication.confirming}
          onOpenChange={publication.setConfirming}
          busy={busy}
          onConfirm={() => void once(publication.publish)}
        />
      ) : null}
    </div>
  );
}
