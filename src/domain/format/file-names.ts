/**
 * File names and the e-mail draft of the dashboard's document package (docs/product/permissions.md "E-mail package").
 */

/** Characters Windows and macOS refuse in a file name; each becomes a hyphen (docs/product/permissions.md). */
const UNSAFE_FILE_NAME_CHARACTERS = /[/\\:*?"<>|]/g;

export function sanitiseFileName(name: string): string {
  return name.replace(UNSAFE_FILE_NAME_CHARACTERS, "-");
}

/** '{proposer} Insurance Quote Documents.zip', made safe to save. */
export function documentPackageFileName(proposer: string): string {
  return sanitiseFileName(`${proposer} Insurance Quote Documents.zip`);
}

/**
 * '{reference}-statement-of-fact.pdf', '{reference}-policy-schedule.pdf' and, for a cancelled policy,
 * '{reference}-cancellation-notice.pdf' (docs/product/permissions.md).
 */
export function quoteDocumentFileName(
  reference: string,
  document: "statement-of-fact" | "policy-schedule" | "cancellation-notice",
): string {
  return sanitiseFileName(`${reference}-${document}.pdf`);
}

/** '{reference}-endorsement-{n}.pdf': Endorsement No. n of a policy. */
export function endorsementFileName(reference: string, endorsement: number): string {
  return sanitiseFileName(`${reference}-endorsement-${endorsement}.pdf`);
}

export type UnderwritingEmailDraft = { to: string; subject: string; body: string };

/**
 * The mail draft to the underwriting mailbox: asks for approval, lists what the zip holds and what could
 * not be included, and reminds the user to attach the zip (a mailto: link cannot attach files itself).
 */
export function underwritingEmailDraft(input: {
  mailbox: string;
  proposer: string;
  reference: string;
  included: readonly string[];
  failed: readonly string[];
}): UnderwritingEmailDraft {
  const { mailbox, proposer, reference, included, failed } = input;
  const lines = [
    "Dear Underwriting Team,",
    "",
    `Please review and approve the attached professional indemnity quote for ${proposer} (reference ${reference}).`,
    "",
    "The document package includes:",
    ...included.map((name) => `- ${name}`),
  ];
  if (failed.length > 0) {
    lines.push("", "The following documents could not be included:", ...failed.map((name) => `- ${name}`));
  }
  lines.push(
    "",
    `Please attach the downloaded file "${documentPackageFileName(proposer)}" to this e-mail before sending.`,
    "",
    "Kind regards",
  );
  return {
    to: mailbox,
    subject: `Professional Indemnity Quote - ${proposer} (${reference})`,
    body: lines.join("\n"),
  };
}

/** The draft as a mailto: link; line breaks become CRLF as RFC 6068 asks. */
export function mailtoHref(draft: UnderwritingEmailDraft): string {
  const subject = encodeURIComponent(draft.subject);
  const body = encodeURIComponent(draft.body.replaceAll("\n", "\r\n"));
  return `mailto:${encodeURIComponent(draft.to).replaceAll("%40", "@")}?subject=${subject}&body=${body}`;
}
