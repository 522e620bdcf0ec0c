import type { VerificationConfig, VerificationProvider } from "@/lib/contract/verification";
import { getConfig } from "../config";
import { AliyunProvider, ALIYUN_SCENE } from "./aliyun";
import { AltchaProvider } from "./altcha";
import { RecaptchaProvider } from "./recaptcha";
import type { CaptchaProvider } from "./types";

export type { CaptchaProvider, VerifyInput } from "./types";
export { createAltchaChallenge } from "./altcha";

/**
 * Human verification: one provider at a time, chosen by CAPTCHA_PROVIDER (altcha by default;
 * "regional" means aliyun when REGION=cn, else recaptcha). The portal asks which one with
 * GET /v1/verify/config and loads that provider's widget.
 */
export function configuredProvider(): VerificationProvider {
  return getConfig().captcha.provider;
}

export function publicVerificationConfig(): VerificationConfig {
  const { provider, recaptchaSiteKey, aliyunAppKey } = getConfig().captcha;
  return {
    provider,
    siteKey: provider === "recaptcha" ? recaptchaSiteKey : provider === "aliyun" ? aliyunAppKey : null,
    scene: provider === "aliyun" ? ALIYUN_SCENE : null,
  };
}

const PROVIDERS: Record<VerificationProvider, () => CaptchaProvider> = {
  altcha: () => new AltchaProvider(),
  recaptcha: () => new RecaptchaProvider(),
  aliyun: () => new AliyunProvider(),
};

/** The provider of this name if it is the configured one, else null. */
export function captchaProvider(name: VerificationProvider): CaptchaProvider | null {
  return configuredProvider() === name ? PROVIDERS[name]() : null;
}
