import { Button } from "@web/components/ui/button";
import { CheckCircle2, FlaskConical, Save, Send, TriangleAlert } from "lucide-react";

/**
 * Validate, Test Rating, Save and Publish, with why Publish waits (a new version, or changes not yet saved) and
 * why the last publication was refused.
 */
export function EditorActions({
  id,
  isNew,
  busy,
  saving,
  publishing,
  canPublish,
  publishError,
  onValidate,
  onTestRating,
  onSave,
  onPublish,
}: {
  id: string;
  isNew: boolean;
  /** A save or publication is under way: neither is sent twice. */
  busy: boolean;
  saving: boolean;
  publishing: boolean;
  canPublish: boolean;
  publishError: string | null;
  onValidate: () => void;
  onTestRating: () => void;
  onSave: () => void;
  onPublish: () => void;
}) {
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={onValidate}>
          <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
          Validate
        </Button>
        <Button variant="outline" onClick={onTestRating}>
          <FlaskConical aria-hidden="true" className="h-4 w-4" />
          Test Rating
        </Button>
        <Button onClick={onSave} disabled={busy}>
          <Save aria-hidden="true" className="h-4 w-4" />
          {saving ? "Saving..." : "Save"}
        </Button>
        <Button
          variant="secondary"
          onClick={onPublish}
          disabled={busy || !canPublish}
          aria-describedby={canPublish ? undefined : `${id}-publish-hint`}
        >
          <Send aria-hidden="true" className="h-4 w-4" />
          {publishing ? "Publishing..." : "Publish"}
        </Button>
        {canPublish ? null : (
          <p id={`${id}-publish-hint`} className="self-center text-sm text-slate-600">
            {isNew ? "Save the draft before publishing." : "Save your changes before publishing."}
          </p>
        )}
      </div>
      {publishError ? (
        <p role="alert" className="flex items-start gap-2 text-sm font-medium text-red-800 wrap-anywhere">
          <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          Not published: {publishError}
        </p>
      ) : null}
    </>
  );
}
