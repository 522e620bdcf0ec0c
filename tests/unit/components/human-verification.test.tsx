import { screen, waitFor } from "@testing-library/react";
import { HumanVerification } from "@/components/verification/human-verification";
import type { VerificationSetup } from "@/lib/validation/verification";
import { messages, renderIn } from "../support/render";

const { en, zh } = messages;
const recaptcha: VerificationSetup = { ok: true, config: { provider: "recaptcha", siteKey: "site-key-1", scene: null } };
const aliyun: VerificationSetup = { ok: true, config: { provider: "aliyun", siteKey: "app-key-1", scene: "nvc_login" } };
let fetchSpy: jest.SpyInstance;

beforeEach(() => {
  fetchSpy = jest.spyOn(globalThis, "fetch").mockResolvedValue(new Response(null, { status: 204 }));
  document.head.querySelectorAll("script").forEach((script) => script.remove());
});
afterEach(() => fetchSpy.mockRestore());

function failScript(pattern: RegExp) {
  const script = Array.from(document.head.querySelectorAll("script")).find((s) => pattern.test(s.src));
  if (!script) throw new Error(`no script matching ${pattern}`);
  script.dispatchEvent(new Event("error"));
}

describe("human verification", () => {
  it("loads Google's reCAPTCHA script with the site key's page language", async () => {
    renderIn("zh", <HumanVerification setup={recaptcha} scene="login" email="ada@example.com" lang="zh" query="" onVerified={jest.fn()} />);
    await waitFor(() => expect(document.head.querySelector("script")?.src).toBe("https://www.google.com/recaptcha/api.js?render=explicit&hl=zh-CN"));
    expect(screen.getByText(zh.verification.prompt)).toBeInTheDocument();
  });

  it.each([
    ["recaptcha", recaptcha, /recaptcha/],
    ["aliyun", aliyun, /awsc\.js/],
  ] as const)("says 'captcha script load failed' when the %s script cannot load, and logs it without user data", async (provider, setup, pattern) => {
    renderIn("en", <HumanVerification setup={setup} scene="register" email="ada@example.com" lang="en" query="" onVerified={jest.fn()} />);
    await waitFor(() => failScript(pattern));
    expect(await screen.findByRole("alert")).toHaveTextContent(en.errors.captchaScript);
    expect(fetchSpy).toHaveBeenCalledWith("/api/client-log", expect.objectContaining({ method: "POST" }));
    const body = String((fetchSpy.mock.calls[0]?.[1] as RequestInit | undefined)?.body);
    expect(JSON.parse(body)).toEqual({ event: "captcha_script_load_failed", provider, code: 1002 });
    expect(body).not.toContain("ada@example.com");
  });

  it("says why when the services could not say which verification to use", () => {
    renderIn("en", <HumanVerification setup={{ ok: false, code: 1000 }} scene="login" email="ada@example.com" lang="en" query="" onVerified={jest.fn()} />);
    expect(screen.getByRole("alert")).toHaveTextContent(en.errors["1000"]);
  });
});
