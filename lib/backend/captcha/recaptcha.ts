import { z } from "zod";
import { getConfig } from "../config";
import { log } from "../log";
import type { CaptchaProvider, VerifyInput } from "./types";

/**
 * Google reCAPTCHA (v2 or v3): the token is checked server-side at RECAPTCHA_VERIFY_URL
 * (siteverify) with RECAPTCHA_SECRET. A v3 answer must also reach RECAPTCHA_MIN_SCORE.
 */
const answerSchema = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  "error-codes": z.array(z.string()).optional(),
});

const TIMEOUT_MS = 10_000;

export class RecaptchaProvider implements CaptchaProvider {
  readonly name = "recaptcha" as const;

  async verify(input: VerifyInput): Promise<boolean> {
    const { recaptchaSecret, recaptchaVerifyUrl, recaptchaMinScore } = getConfig().captcha;
    if (!recaptchaSecret) {
      log().error({ provider: "recaptcha" }, "reCAPTCHA is the verification provider but RECAPTCHA_SECRET is not set");
      return false;
    }
    const body = new URLSearchParams({ secret: recaptchaSecret, response: input.proof });
    if (input.ip) body.set("remoteip", input.ip);
    let answer: z.infer<typeof answerSchema>;
    try {
      const response = await fetch(recaptchaVerifyUrl, { method: "POST", body, signal: AbortSignal.timeout(TIMEOUT_MS) });
      const parsed = answerSchema.safeParse(await response.json());
      if (!response.ok || !parsed.success) {
        log().warn({ provider: "recaptcha", status: response.status }, "reCAPTCHA siteverify answered without a usable result");
        return false;
      }
      answer = parsed.data;
    } catch (error) {
      log().warn({ provider: "recaptcha", err: { type: error instanceof Error ? error.name : typeof error } }, "reCAPTCHA siteverify unreachable");
      return false;
    }
    if (!answer.success) return false;
    return answer.score === undefined || answer.score >= recaptchaMinScore;
  }
}
