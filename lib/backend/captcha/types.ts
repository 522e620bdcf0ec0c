import type { VerificationProvider, VerificationScene } from "@/lib/contract/verification";

/** What the browser's widget produced, for one scene and one email. */
export type VerifyInput = {
  scene: VerificationScene;
  /** canonical email */
  email: string;
  /** ALTCHA payload, reCAPTCHA token or Aliyun nvc value */
  proof: string;
  ip: string | null;
};

/**
 * A human-verification provider. `verify` answers false for anything that is not a fresh,
 * valid proof (it never throws for a bad proof); the services then issue a ticket or 20107.
 */
export interface CaptchaProvider {
  readonly name: VerificationProvider;
  verify(input: VerifyInput): Promise<boolean>;
}
