"use client";

import type { PageRef } from "@/lib/session/action-result";
import type { SignInHold } from "./device-hold";
import { DeviceCodeStep } from "./device-code-step";
import { TwoStepStep } from "./two-step-step";

type Props = { hold: SignInHold; page: PageRef; onBack: () => void };

/** The step a held sign-in needs: the emailed device code, or the second step of two-step sign-in. */
export function HoldStep({ hold, page, onBack }: Props) {
  return hold.kind === "twoStep" ? <TwoStepStep hold={hold} page={page} onBack={onBack} /> : <DeviceCodeStep hold={hold} page={page} onBack={onBack} />;
}
