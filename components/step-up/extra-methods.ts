"use client";

import type { ComponentType } from "react";
import { lazyPart } from "@/components/ui/lazy-part";
import type { StepUpMethod } from "@/lib/contract/step-up";
import { PasskeyProof } from "./passkey-proof";
import type { StepUpPage } from "./types";

/** What the step-up dialog hands a way of proving it does not build in itself. */
export type StepUpMethodProps = {
  page: StepUpPage;
  /** the proof is recorded on the session (the method's own action called recordProof): the dialog closes and the change is tried again */
  onProven: () => void;
  /** a translated message to show in the dialog, or null to clear it */
  onError: (message: string | null) => void;
};

/**
 * Ways of proving added by other features (a passkey button, an authenticator-app code). The
 * dialog shows each method the account has (GET /v1/user/step-up `methods`) that has a component
 * here, below the built-in password or emailed-code form. Load heavy code on demand (lazyPart):
 * this list is part of every page that can show the dialog.
 */
export const EXTRA_STEP_UP_METHODS: Partial<Record<Exclude<StepUpMethod, "password" | "email_code">, ComponentType<StepUpMethodProps>>> = {
  passkey: PasskeyProof,
  totp: lazyPart(() => import("./totp-proof").then((module) => module.TotpProof), () => null),
};
