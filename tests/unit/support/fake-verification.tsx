import type { HumanVerificationProps } from "@/components/verification/human-verification";

/**
 * Stands in for the verification widget in form tests (the real widget solves a proof of work
 * in web workers, which jsdom has not): it says which scene and email it verifies, and a click
 * "solves" it.
 */
export function FakeHumanVerification({ scene, email, onVerified }: HumanVerificationProps) {
  return (
    <button type="button" onClick={() => onVerified({ provider: "altcha", value: `solved:${scene}:${email}` })}>
      {`verify ${scene} for ${email}`}
    </button>
  );
}
