"use client";

import type { ComponentType } from "react";
import { lazyPart } from "@/components/ui/lazy-part";
import type { StepUpMethod } from "@/lib/contract/step-up";
import { PasskeyProof } from "./passkey-proof";
import type { StepUpMethodProps } from "./types";

// the props live below every method (types.ts), so no method imports this list back
export type { StepUpMethodProps } from "./types";

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
