/**
 * What the decision form says of each note. The spec's "Underwriter Notes" is the note for the client: brokers
 * read it on the quote and it prints on the schedule and the statement of fact. The note for the file is the
 * underwriter's own reasoning; it never leaves underwriters and administrators.
 */
export const DECISION_NOTE_HINTS = {
  uwNote: "For the client: the broker reads it and it prints on the policy schedule and the statement of fact.",
  fileNote: "For the file: seen only by underwriters and administrators, never printed or shown to the broker.",
} as const;
