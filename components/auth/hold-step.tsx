"use client";

import { useState } from "react";
import type { PageRef } from "@/lib/session/action-result";
import type { SignInHold } from "./device-hold";
import { DeviceCodeStep } from "./device-code-step";
import { TwoStepStep } from "./two-step-step";

type Props = { hold: SignInHold; page: PageRef; onBack: () => void };

/**
 * The step a held sign-in needs: the emailed device code, or the second step of two-step sign-in.
 * A device code can itself lead to the second step (two-step turned on after the hold began).
 */
export function HoldStep({ hold, page, onBack }: Props) {
  const [current, setCurrent] = useState(hold);
  return current.kind === "twoStep" ? (
    <TwoStepStep hold={current} page={page} onBack={onBack} />
  ) : (
    <DeviceCodeStep hold={current} page={page} onBack={onBack} onHold={setCurrent} />
  );
}
