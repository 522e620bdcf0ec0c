"use client";

import { lazyPart } from "@/components/ui/lazy-part";

/**
 * "Sign in with a passkey", loaded after the page has hydrated: it shows nothing until the
 * browser says passkeys work here, so the sign-in pages' first load does not carry it (their
 * script budget, tests/e2e/budget.spec.ts).
 */
export const PasskeySignIn = lazyPart(() => import("./passkey-sign-in").then((module) => module.PasskeySignIn), () => null, true);
