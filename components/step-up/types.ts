import type { VerificationSetup } from "@/lib/validation/verification";

/** The signed-in page a step-up dialog serves: its language, launch query and area. */
export type StepUpPage = { lang: string; query: string; business: boolean };

/** What the emailed-code way needs (accounts without a password): the address and the human verification. */
export type StepUpContext = { page: StepUpPage; email: string; verification: VerificationSetup };
