import { z } from "zod";
import { getConfig } from "../config";
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
      console.error("[services] reCAPTCHA is the verification provider but RECAPTCHA_SECRET is not set");
      return false;
    }
    const body = new URLSearchParams({ secret: recaptchaSecret, response: input.proof });
    if (input.ip) body.set("remoteip", input.ip);
    let answer: z.infer<typeof answerSchema>;
    try {
      const response = await fetch(recaptchaVerifyUrl, { method: "POST", body, signal: AbortSignal.timeout(TIMEOUT_MS) });
      const parsed = answerSchema.safeParse(await response.json());
      if (!response.ok || !parsed.success) {
        console.error(`[services] reCAPTCHA siteverify answered HTTP ${response.status} without a usable result`);
        return false;
      }
      answer = parsed.data;
    } catch (error) {
      console.error(`[services] reCAPTCHA siteverify unreachable: ${error instanceof Error ? error.name : "error"}`);
      return false;
    }
    if (!answer.success) return false;
    return answer.score === undefined || answer.score >= recaptchaMinScore;
  }
}
