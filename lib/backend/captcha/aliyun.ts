import http from "node:http";
import https from "node:https";
import { getConfig } from "../config";
import { log } from "../log";
import type { CaptchaProvider, VerifyInput } from "./types";

/**
 * Aliyun's traceless verification (AFS, scene nvc_login): the browser's nvc value is checked
 * with AnalyzeNvc through @alicloud/pop-core, signed with ALIYUN_ACCESS_KEY_ID/SECRET, at
 * ALIYUN_CAPTCHA_ENDPOINT. BizCode 100 (passed) and 200 (passed, per the score map below)
 * are a human; 400 (needs a slider), 800/900 (blocked) and errors are not.
 */
export const ALIYUN_SCENE = "nvc_login";
const API_VERSION = "2018-01-12";
const SCORE_MAP = JSON.stringify({ 200: "PASS", 400: "NC", 800: "BLOCK" });
const PASSED = new Set(["100", "200"]);
const TIMEOUT_MS = 10_000;

type AnalyzeNvcAnswer = { BizCode?: string | number; RequestId?: string };

export class AliyunProvider implements CaptchaProvider {
  readonly name = "aliyun" as const;

  async verify(input: VerifyInput): Promise<boolean> {
    const { aliyunAccessKeyId, aliyunAccessKeySecret, aliyunEndpoint } = getConfig().captcha;
    if (!aliyunAccessKeyId || !aliyunAccessKeySecret) {
      log().error({ provider: "aliyun" }, "Aliyun is the verification provider but ALIYUN_ACCESS_KEY_ID/SECRET are not set");
      return false;
    }
    const { default: RPCClient } = await import("@alicloud/pop-core");
    const client = new RPCClient({
      accessKeyId: aliyunAccessKeyId,
      accessKeySecret: aliyunAccessKeySecret,
      endpoint: aliyunEndpoint,
      apiVersion: API_VERSION,
    });
    const params: Record<string, string> = { Data: input.proof, ScoreJsonStr: SCORE_MAP };
    if (input.ip) params.SourceIp = input.ip;
    // no keep-alive: one call per verification, and nothing left open afterwards
    const agent = aliyunEndpoint.startsWith("https:") ? new https.Agent({ keepAlive: false }) : new http.Agent({ keepAlive: false });
    try {
      const answer = await client.request<AnalyzeNvcAnswer>("AnalyzeNvc", params, { method: "POST", timeout: TIMEOUT_MS, agent });
      return PASSED.has(String(answer.BizCode ?? ""));
    } catch (error) {
      // pop-core's message holds the request URL; log the error's name only
      log().warn({ provider: "aliyun", err: { type: error instanceof Error ? error.name : typeof error } }, "Aliyun AnalyzeNvc failed");
      return false;
    } finally {
      agent.destroy();
    }
  }
}
