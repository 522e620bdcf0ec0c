import type { VerificationSetup } from "@/lib/validation/verification";

/** The signed-in page a step-up dialog serves: its language, launch query and area. */
export type StepUpPage = { lang: string; query: string; business: boolean };

/** What the emailed-code way needs (accounts without a password): the address and the human verification. */
export type StepUpContext = { page: StepUpPage; email: string; verification: VerificationSetup };

/** What the step-up dialog hands a way of proving it does not build in itself. */
export type StepUpMethodProps = {
  page: StepUpPage;
  /** the proof is recorded on the session (the method's own action called recordProof): the dialog closes and the change is tried again */
  onProven: () => void;
  /** a translated message to show in the dialog, or null to clear it */
  onError: (message: string | null) => void;
};

/**
 * What a guarded change does, in the words the step-up dialog says it with
 * (`stepUp.actions.<action>` in messages/*.json): the user sees what they are confirming.
 */
export const STEP_UP_ACTIONS = ["addPasskey", "removePasskey", "disconnectSocial", "deviceSecurityOff", "twoStepOff", "newRecoveryCodes", "deleteAccount"] as const;
export type StepUpAction = (typeof STEP_UP_ACTIONS)[number];
