/**
 * The wizard's step numbers, apart from the wizard's context and its section titles: the router reads an
 * address's step before any wizard code has loaded, so this is all the app's first download carries of it.
 */
export type WizardStep = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** The step an address names (/quote/{id}/step/{n}), or null when it names none of the seven. */
export function parseWizardStep(text: string | undefined): WizardStep | null {
  if (text === undefined || !/^[1-7]$/.test(text)) return null;
  return Number(text) as WizardStep;
}
