import type { StepUpMethod } from "@/lib/contract/step-up";

/**
 * What a sign-in proved, factor by factor (sign-in-finish.ts). A way in proves one or more
 * kinds; a held sign-in's second step adds its own to the first step's. The session row keeps
 * them (sessions.sign_in_factors), so what reads a session later (the step-up's freshness, an
 * OpenID Provider's `amr`) knows how it was opened.
 */
export const FACTOR_KINDS = ["password", "email_code", "device_code", "passkey", "social", "totp", "recovery_code"] as const;
export type FactorKind = (typeof FACTOR_KINDS)[number];

/** Kinds that satisfy an account's two-step sign-in: its second factors, and a passkey (two at once). */
const SECOND_STEP_KINDS: ReadonlySet<FactorKind> = new Set(["totp", "recovery_code", "passkey"]);

/** A passkey is something the user has, unlocked by user verification: two factors by itself. */
const MULTI_FACTOR_KINDS: ReadonlySet<FactorKind> = new Set(["passkey"]);

export function satisfiesSecondStep(kinds: readonly FactorKind[]): boolean {
  return kinds.some((kind) => SECOND_STEP_KINDS.has(kind));
}

/** Two factors or more: two different kinds, or one that is two by itself. */
export function isMultiFactor(kinds: readonly FactorKind[]): boolean {
  return new Set(kinds).size >= 2 || kinds.some((kind) => MULTI_FACTOR_KINDS.has(kind));
}

/**
 * Device security holds back only a password alone: every other kind proved the mailbox (an
 * emailed code), the device (a passkey), the person another way (the provider's own sign-in), or
 * is a second factor, which proves the person at least as well as a mailed device code.
 */
export function provesDevice(kinds: readonly FactorKind[]): boolean {
  return kinds.some((kind) => kind !== "password");
}

/** The step-up proof a multi-factor sign-in stands for: its strongest factor, as step-up names it. */
export function stepUpProofOf(kinds: readonly FactorKind[]): StepUpMethod | null {
  if (!isMultiFactor(kinds)) return null;
  if (kinds.includes("passkey")) return "passkey";
  if (kinds.includes("totp") || kinds.includes("recovery_code")) return "totp";
  if (kinds.includes("email_code") || kinds.includes("device_code")) return "email_code";
  return "password";
}

/** RFC 8176 authentication method references of a sign-in, for an OpenID Provider's `amr`. */
const AMR: Record<FactorKind, string> = {
  password: "pwd",
  email_code: "otp",
  device_code: "otp",
  passkey: "hwk",
  social: "fed",
  totp: "otp",
  recovery_code: "otp",
};

export function amrOf(kinds: readonly FactorKind[]): string[] {
  const values = new Set(kinds.map((kind) => AMR[kind]));
  if (kinds.includes("passkey")) values.add("user");
  if (isMultiFactor(kinds)) values.add("mfa");
  return [...values];
}

/** Kinds stored on a session row; anything else (a row from before they were kept) is dropped. */
export function factorKindsOf(stored: readonly string[] | null): FactorKind[] {
  return (stored ?? []).filter((kind): kind is FactorKind => (FACTOR_KINDS as readonly string[]).includes(kind));
}
