import { useState } from "react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { EXTRA_STEP_UP_METHODS, type StepUpMethodProps } from "@/components/step-up/extra-methods";
import { useStepUp } from "@/components/step-up/use-step-up";
import { STEP_UP_ACTIONS, type StepUpAction } from "@/components/step-up/types";
import { useErrorText } from "@/components/auth/use-error-text";
import { sendStepUpCodeAction, stepUpMethodsAction, stepUpWithCodeAction, stepUpWithPasswordAction } from "@/lib/actions/step-up";
import type { ActionResult } from "@/lib/session/action-result";
import { altchaSetup, messages, renderIn } from "../support/render";

jest.mock("@/lib/actions/step-up", () => ({
  stepUpMethodsAction: jest.fn(),
  stepUpWithPasswordAction: jest.fn(),
  sendStepUpCodeAction: jest.fn(),
  stepUpWithCodeAction: jest.fn(),
}));
jest.mock("@/components/verification/lazy", () => ({
  HumanVerification: jest.requireActual<typeof import("../support/fake-verification")>("../support/fake-verification").FakeHumanVerification,
}));
const methods = jest.mocked(stepUpMethodsAction);
const withPassword = jest.mocked(stepUpWithPasswordAction);
const sendCode = jest.mocked(sendStepUpCodeAction);
const withCode = jest.mocked(stepUpWithCodeAction);
const email = "ada@example.com";
const page = { lang: "en", query: "p=atomm", business: false };
const NONCE = "n".repeat(32);
const refused: ActionResult = { ok: false, error: { code: 20113 } };

/** A screen with one guarded action, as delete-account or disconnect use it. */
function Guarded({ action, lang, what = "deleteAccount" }: { action: () => Promise<ActionResult>; lang: "en" | "zh"; what?: StepUpAction }) {
  const stepUp = useStepUp({ page: { ...page, lang }, email, verification: altchaSetup });
  const text = useErrorText();
  const [outcome, setOutcome] = useState("");
  return (
    <>
      <button type="button" onClick={async () => {
        const result = await stepUp.guard(action, what);
        setOutcome(result.ok ? "done" : text.action(result.error));
      }}>
        lower security
      </button>
      <p data-testid="outcome">{outcome}</p>
      {stepUp.dialog}
    </>
  );
}

beforeEach(() => {
  jest.resetAllMocks();
  window.sessionStorage.clear();
  methods.mockResolvedValue({ ok: true, methods: ["password"] });
});

describe("step-up: the dialog opened by a refused change", () => {
  it.each(["en", "zh"] as const)("asks for the password, shows a wrong one refused, and runs the change once proven (%s)", async (lang) => {
    const t = messages[lang].stepUp;
    const action = jest.fn<Promise<ActionResult>, []>().mockResolvedValueOnce(refused).mockResolvedValueOnce({ ok: true });
    withPassword.mockResolvedValueOnce({ ok: false, error: { code: 20206 } }).mockResolvedValueOnce({ ok: true });
    renderIn(lang, <Guarded action={action} lang={lang} />);

    await userEvent.click(screen.getByRole("button", { name: "lower security" }));
    const dialog = await screen.findByRole("dialog", { name: t.title });
    expect(dialog).toHaveAccessibleDescription(t.description.replace("{action}", t.actions.deleteAccount));
    const password = await within(dialog).findByLabelText(t.password);
    await waitFor(() => expect(password).toHaveFocus());

    await userEvent.type(password, "wrong-pass1{Enter}");
    expect(await within(dialog).findByText(messages[lang].errors["20206"])).toBeInTheDocument();
    expect(password).toHaveValue("");
    expect(action).toHaveBeenCalledTimes(1);

    await userEvent.type(password, "right-pass1");
    await userEvent.click(within(dialog).getByRole("button", { name: t.confirm }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(withPassword).toHaveBeenLastCalledWith({ password: "right-pass1" }, { ...page, lang });
    expect(action).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId("outcome")).toHaveTextContent("done");
  });

  it.each(STEP_UP_ACTIONS.flatMap((what) => (["en", "zh"] as const).map((lang) => [what, lang] as const)))("says what %s does, not one sentence for every change (%s)", async (what, lang) => {
    const t = messages[lang].stepUp;
    renderIn(lang, <Guarded action={jest.fn().mockResolvedValue(refused)} lang={lang} what={what} />);
    await userEvent.click(screen.getByRole("button", { name: "lower security" }));
    const dialog = await screen.findByRole("dialog", { name: t.title });
    expect(t.actions[what]).toBeTruthy();
    expect(dialog).toHaveAccessibleDescription(t.description.replace("{action}", t.actions[what]));
  });

  it("needs a password before it asks the services", async () => {
    renderIn("en", <Guarded action={jest.fn().mockResolvedValue(refused)} lang="en" />);
    await userEvent.click(screen.getByRole("button", { name: "lower security" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.click(await within(dialog).findByRole("button", { name: messages.en.stepUp.confirm }));
    expect(await within(dialog).findByText(messages.en.validation.passwordRequired)).toBeInTheDocument();
    expect(withPassword).not.toHaveBeenCalled();
  });

  it("cancelled by Escape, the change is not tried again and the refusal is said", async () => {
    const action = jest.fn<Promise<ActionResult>, []>().mockResolvedValue(refused);
    renderIn("en", <Guarded action={action} lang="en" />);
    await userEvent.click(screen.getByRole("button", { name: "lower security" }));
    await screen.findByLabelText(messages.en.stepUp.password);
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByTestId("outcome")).toHaveTextContent(messages.en.errors["20113"]);
    await waitFor(() => expect(screen.getByRole("button", { name: "lower security" })).toHaveFocus());
    expect(action).toHaveBeenCalledTimes(1);
  });

  it("any other answer passes through without a dialog", async () => {
    renderIn("en", <Guarded action={jest.fn().mockResolvedValue({ ok: false, error: { code: 20304 } })} lang="en" />);
    await userEvent.click(screen.getByRole("button", { name: "lower security" }));
    await waitFor(() => expect(screen.getByTestId("outcome")).toHaveTextContent(messages.en.errors["20304"]));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(methods).not.toHaveBeenCalled();
  });

  it("an account without a password gets an emailed code after the human verification (zh)", async () => {
    const t = messages.zh.stepUp;
    methods.mockResolvedValue({ ok: true, methods: ["email_code"] });
    sendCode.mockResolvedValue({ ok: true, nonce: NONCE, resendAfter: 60 });
    withCode.mockResolvedValueOnce({ ok: false, error: { code: 20204 } }).mockResolvedValueOnce({ ok: true });
    const action = jest.fn<Promise<ActionResult>, []>().mockResolvedValueOnce(refused).mockResolvedValueOnce({ ok: true });
    renderIn("zh", <Guarded action={action} lang="zh" />);

    await userEvent.click(screen.getByRole("button", { name: "lower security" }));
    const dialog = await screen.findByRole("dialog", { name: t.title });
    expect(await within(dialog).findByText(t.verifyIntro.replace("{email}", email))).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(t.password)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: `verify step_up for ${email}` }));
    expect(sendCode).toHaveBeenCalledWith({ verification: { provider: "altcha", value: `solved:step_up:${email}` } }, { ...page, lang: "zh" });

    await userEvent.type(await within(dialog).findByLabelText(t.code), "000000{Enter}");
    expect(await within(dialog).findByText(messages.zh.errors["20204"])).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText(t.code));
    await userEvent.type(within(dialog).getByLabelText(t.code), "123456{Enter}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(withCode).toHaveBeenLastCalledWith({ code: "123456", nonce: NONCE }, { ...page, lang: "zh" });
    expect(screen.getByTestId("outcome")).toHaveTextContent("done");
  });

  it("shows a way another feature registered, which can prove on its own", async () => {
    function FakePasskey({ onProven }: StepUpMethodProps) {
      return (
        <button type="button" onClick={onProven}>
          use a passkey
        </button>
      );
    }
    EXTRA_STEP_UP_METHODS.passkey = FakePasskey;
    // totp stands for a way nobody registered: its real component is taken out for this test
    const totp = EXTRA_STEP_UP_METHODS.totp;
    delete EXTRA_STEP_UP_METHODS.totp;
    try {
      methods.mockResolvedValue({ ok: true, methods: ["password", "passkey", "totp"] });
      const action = jest.fn<Promise<ActionResult>, []>().mockResolvedValueOnce(refused).mockResolvedValueOnce({ ok: true });
      renderIn("en", <Guarded action={action} lang="en" />);
      await userEvent.click(screen.getByRole("button", { name: "lower security" }));
      const others = await screen.findByRole("region", { name: messages.en.stepUp.otherWays });
      // a way nobody registered (totp here) is not offered
      expect(within(others).getAllByRole("button")).toHaveLength(1);
      await userEvent.click(within(others).getByRole("button", { name: "use a passkey" }));
      await waitFor(() => expect(screen.getByTestId("outcome")).toHaveTextContent("done"));
      expect(withPassword).not.toHaveBeenCalled();
    } finally {
      delete EXTRA_STEP_UP_METHODS.passkey;
      EXTRA_STEP_UP_METHODS.totp = totp;
    }
  });
});
