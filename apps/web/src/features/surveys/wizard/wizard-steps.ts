import { WIZARD_STEPS, type WizardStep } from '@loupe/contracts';

/**
 * The step a survey opens at: the `?step=` of the address when it may be shown, else where the work goes on,
 * the step after the furthest one saved (`WizardStep`), the last step for a finished survey. A new survey (no
 * WizardStep) starts at General; a step beyond the furthest saved one + 1 cannot be jumped to.
 */
export function openingStep(wizardStep: number | undefined, requested: string | null): WizardStep {
  const reachable = Math.min((wizardStep ?? 0) + 1, WIZARD_STEPS.length);
  const asked = WIZARD_STEPS.indexOf(requested as WizardStep) + 1;
  const number = asked >= 1 && asked <= reachable ? asked : reachable;
  return WIZARD_STEPS[number - 1] ?? 'General';
}

/** Whether the Steps bar may open `step` (saved before, or the next one). */
export function canOpen(step: WizardStep, wizardStep: number | undefined): boolean {
  return WIZARD_STEPS.indexOf(step) + 1 <= Math.min((wizardStep ?? 0) + 1, WIZARD_STEPS.length);
}
