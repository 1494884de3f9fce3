/**
 * What the "Confirm it's you" step says and how long its proof lasts. Kept apart from the zod schemas so the
 * signed-in screens, which all carry the dialog, do not load the validation library with it.
 */

/** How long a password or code proves who is at the keyboard for the actions that ask again. */
export const REAUTHENTICATION_MINUTES = 5;
export const PASSWORD_OR_CODE_REQUIRED = "Enter your password or a code from your authenticator app";
/** A wrong current password on the Account screen; it counts as a failed sign-in. */
export const CURRENT_PASSWORD_WRONG = "Current password is incorrect";
