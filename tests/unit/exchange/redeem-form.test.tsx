import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SWRConfig } from "swr";
import { RedeemForm } from "@/components/exchange/redeem-form";
import { redeemAction } from "@/lib/actions/exchange";
import { altchaSetup, messages, renderIn } from "../support/render";

jest.mock("@/lib/actions/exchange", () => ({ redeemAction: jest.fn() }));
jest.mock("@/components/verification/human-verification", () => ({
  HumanVerification: jest.requireActual<typeof import("../support/fake-verification")>("../support/fake-verification").FakeHumanVerification,
}));
const redeem = jest.mocked(redeemAction);
const email = "ada@example.com";
const CODE = "23456789ABCDEFGH";
const item = { id: "1", benefit: "XCS Pro, 1 year", effectTime: "2026-03-01T08:00:00.000Z", expireTime: "2027-03-01T08:00:00.000Z", status: "succeeded" as const, code: CODE };

function renderForm(locale: "en" | "zh" = "en") {
  return renderIn(
    locale,
    <SWRConfig value={{ provider: () => new Map() }}>
      <RedeemForm page={{ lang: locale, query: "p=atomm" }} email={email} verification={altchaSetup} />
    </SWRConfig>,
  );
}

beforeEach(() => redeem.mockReset());

describe("redeeming a code", () => {
  const t = messages.en.exchange;
  const v = messages.en.validation;

  it("refuses an empty or malformed code without calling the services", async () => {
    renderForm();
    await userEvent.click(screen.getByRole("button", { name: t.redeem }));
    expect(await screen.findByText(v.redeemCodeRequired)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(t.code), "12345");
    await userEvent.click(screen.getByRole("button", { name: t.redeem }));
    expect(await screen.findByText(v.redeemCodeInvalid)).toBeInTheDocument();
    expect(redeem).not.toHaveBeenCalled();
  });

  it("asks for the verification first, then redeems, says what was redeemed and announces redeemNow", async () => {
    const events: unknown[] = [];
    const listener = (event: Event) => events.push((event as CustomEvent).detail);
    window.addEventListener("passport:analytics", listener);
    redeem.mockResolvedValue({ ok: true, item, xcs: { status: "off" } });
    renderForm();
    const button = screen.getByRole("button", { name: t.redeem });
    expect(button).toHaveAttribute("data-analytics-id", "redeemNow");
    await userEvent.type(screen.getByLabelText(t.code), CODE.toLowerCase());
    await userEvent.click(button);
    expect(await screen.findByText(v.verificationRequired)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: `verify redeem for ${email}` }));
    await userEvent.click(button);
    expect(await screen.findByText("Redeemed: XCS Pro, 1 year. Valid until 2027-03-01.")).toBeInTheDocument();
    expect(redeem).toHaveBeenCalledWith({ code: CODE.toLowerCase(), verification: { provider: "altcha", value: `solved:redeem:${email}` } }, { lang: "en", query: "p=atomm" });
    expect(events).toEqual([{ event: "redeemNow" }]);
    expect(screen.getByLabelText(t.code)).toHaveValue("");
    window.removeEventListener("passport:analytics", listener);
  });

  it("shows the one message for every bad code, in Chinese too, and needs a new verification after it", async () => {
    redeem.mockResolvedValue({ ok: false, error: { code: 20501 } });
    renderForm("zh");
    const z = messages.zh.exchange;
    await userEvent.type(screen.getByLabelText(z.code), CODE);
    await userEvent.click(screen.getByRole("button", { name: `verify redeem for ${email}` }));
    await userEvent.click(screen.getByRole("button", { name: z.redeem }));
    expect(await screen.findByText(messages.zh.errors["20501"])).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: z.redeem }));
    await waitFor(() => expect(screen.getByText(messages.zh.validation.verificationRequired)).toBeInTheDocument());
    expect(redeem).toHaveBeenCalledTimes(1);
  });

  it("says so when XCS could not be told, while the benefit is redeemed", async () => {
    redeem.mockResolvedValue({ ok: true, item, xcs: { status: "failed", code: 1002 } });
    renderForm();
    await userEvent.type(screen.getByLabelText(t.code), CODE);
    await userEvent.click(screen.getByRole("button", { name: `verify redeem for ${email}` }));
    await userEvent.click(screen.getByRole("button", { name: t.redeem }));
    const notice = await screen.findByText(t.xcsFailed);
    expect(notice).toBeVisible();
    // the user is told plainly that the code is redeemed, never the raw transport error
    expect(document.body).not.toHaveTextContent(messages.en.errors["1002"]);
  });
});
