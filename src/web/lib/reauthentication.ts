/**
 * Re-authentication (docs/product/permissions.md "Re-authentication"): when the server answers an action with 403
 * REAUTHENTICATION_REQUIRED, the signed-in shell's dialog asks for the password or a code, and the API client then
 * sends the same request again, so whatever the user typed into the form is neither lost nor typed twice.
 */

/** Asks the user to confirm it is them; true once the server has accepted it, false when they cancel. */
export type ReauthenticationAsker = () => Promise<boolean>;

let asker: ReauthenticationAsker | undefined;
let pending: Promise<boolean> | undefined;

/** The shell registers its dialog; the returned function unregisters it. */
export function setReauthenticationAsker(ask: ReauthenticationAsker): () => void {
  asker = ask;
  return () => {
    if (asker === ask) asker = undefined;
  };
}

/** One dialog for every request refused at once (a screen may send several). */
export function askToReauthenticate(): Promise<boolean> {
  if (!asker) return Promise.resolve(false);
  pending ??= asker().finally(() => {
    pending = undefined;
  });
  return pending;
}
