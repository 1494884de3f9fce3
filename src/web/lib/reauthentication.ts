/**
 * Re-authentication (docs/product/permissions.md "Re-authentication"): when the server answers an action with 403
 * REAUTHENTICATION_REQUIRED, the signed-in shell's dialog asks for the password or a code, and the API client then
 * sends the same request again, so whatever the user typed into the form is neither lost nor typed twice. The
 * sign-in page carries only this hand-over; the dialog and its checks come with the signed-in shell.
 */

/** Reads a 403 answer; true once the user has confirmed it is them (false when it was another refusal, or cancelled). */
export type ReauthenticationAsker = (refusal: Response) => Promise<boolean>;

let asker: ReauthenticationAsker | undefined;

/** The shell registers its dialog; the returned function unregisters it. */
export function setReauthenticationAsker(ask: ReauthenticationAsker): () => void {
  asker = ask;
  return () => {
    if (asker === ask) asker = undefined;
  };
}

export function reauthenticated(refusal: Response): Promise<boolean> {
  return asker ? asker(refusal) : Promise.resolve(false);
}
