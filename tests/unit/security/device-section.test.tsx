import type { ReactElement } from "react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { SWRConfig } from "swr";
import type { DeviceSecurity } from "@/lib/upstream/security";
import { DeviceSection } from "@/components/security/device-section";
import { setDeviceSecurityAction } from "@/lib/actions/security";
import { sendStepUpCodeAction, stepUpMethodsAction, stepUpWithCodeAction, stepUpWithPasswordAction } from "@/lib/actions/step-up";
import { altchaSetup, messages, renderIn as renderInLang } from "../support/render";

jest.mock("@/lib/actions/security", () => ({ setDeviceSecurityAction: jest.fn(), forgetDeviceAction: jest.fn() }));
jest.mock("@/lib/actions/step-up", () => ({
  stepUpMethodsAction: jest.fn(),
  stepUpWithPasswordAction: jest.fn(),
  sendStepUpCodeAction: jest.fn(),
  stepUpWithCodeAction: jest.fn(),
}));
jest.mock("@/components/verification/lazy", () => ({
  HumanVerification: jest.requireActual<typeof import("../support/fake-verification")>("../support/fake-verification").FakeHumanVerification,
}));
const setSecurity = jest.mocked(setDeviceSecurityAction);
const { en, zh } = messages;
const page = { lang: "en", query: "p=atomm", business: false };
const on: DeviceSecurity = { enabled: true, devices: [], total: 0, page: 1, pageSize: 10 };
const off: DeviceSecurity = { ...on, enabled: false };
const owner = { email: "ada@example.com", verification: altchaSetup };

/** What GET /api/devices answers: the switch as the last action left it, and `count` known devices. */
let server$ = { enabled: true, count: 0 };
const asked: URLSearchParams[] = [];
function device(n: number) {
  return { id: `device-${n}`, name: `Browser ${n}`, firstSeen: "2026-03-01T08:00:00.000Z", lastSeen: "2026-03-02T08:00:00.000Z", current: n === 1 };
}
const server = setupServer(
  http.get("*/api/devices", ({ request }) => {
    const params = new URL(request.url).searchParams;
    asked.push(params);
    const page = Number(params.get("page"));
    const pageSize = Number(params.get("pageSize"));
    const all = Array.from({ length: server$.count }, (_, i) => device(i + 1));
    return HttpResponse.json({ ok: true, data: { enabled: server$.enabled, devices: all.slice((page - 1) * pageSize, page * pageSize), total: all.length, page, pageSize } });
  }),
);
beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
afterAll(() => server.close());
beforeEach(() => {
  jest.resetAllMocks();
  asked.length = 0;
  server$ = { enabled: true, count: 0 };
});

function renderIn(lang: "en" | "zh", ui: ReactElement) {
  return renderInLang(lang, <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{ui}</SWRConfig>);
}

describe("account security: device security", () => {
  it("switching it off goes through the one step-up dialog, which says what the change does; the password proves it once (zh)", async () => {
    setSecurity.mockResolvedValueOnce({ ok: false, error: { code: 20113 } }).mockImplementationOnce(async () => {
      server$.enabled = false;
      return { ok: true, security: off };
    });
    jest.mocked(stepUpMethodsAction).mockResolvedValue({ ok: true, methods: ["password"] });
    jest.mocked(stepUpWithPasswordAction).mockResolvedValue({ ok: true });
    renderIn("zh", <DeviceSection page={{ ...page, lang: "zh" }} initial={on} initialError={null} owner={owner} />);
    const toggle = screen.getByRole("switch", { name: zh.security.devices.switchLabel });
    await userEvent.click(toggle);
    const dialog = await screen.findByRole("dialog", { name: zh.stepUp.title });
    expect(dialog).toHaveAccessibleDescription(zh.stepUp.description.replace("{action}", zh.stepUp.actions.deviceSecurityOff));
    expect(screen.getAllByRole("dialog")).toHaveLength(1);
    await userEvent.type(await within(dialog).findByLabelText(zh.stepUp.password), "Right-pass1{Enter}");
    expect(await screen.findByText(zh.security.devices.turnedOff)).toBeInTheDocument();
    expect(jest.mocked(stepUpWithPasswordAction)).toHaveBeenCalledWith({ password: "Right-pass1" }, { ...page, lang: "zh" });
    // the password went to the step-up, never with the switch
    expect(setSecurity.mock.calls).toEqual([[{ enabled: false }, { ...page, lang: "zh" }], [{ enabled: false }, { ...page, lang: "zh" }]]);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("switch")).not.toBeChecked();
    await waitFor(() => expect(toggle).toHaveFocus());
  });

  it("with a recent proof it switches off at once, no dialog", async () => {
    setSecurity.mockImplementationOnce(async () => {
      server$.enabled = false;
      return { ok: true, security: off };
    });
    renderIn("en", <DeviceSection page={page} initial={on} initialError={null} owner={owner} />);
    await userEvent.click(screen.getByRole("switch", { name: en.security.devices.switchLabel }));
    expect(await screen.findByText(en.security.devices.turnedOff)).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(stepUpMethodsAction).not.toHaveBeenCalled();
  });

  it("Escape in the step-up dialog keeps it on and gives the focus back to the switch", async () => {
    setSecurity.mockResolvedValue({ ok: false, error: { code: 20113 } });
    jest.mocked(stepUpMethodsAction).mockResolvedValue({ ok: true, methods: ["password"] });
    renderIn("en", <DeviceSection page={page} initial={on} initialError={null} owner={owner} />);
    const toggle = screen.getByRole("switch", { name: en.security.devices.switchLabel });
    toggle.focus();
    await userEvent.keyboard(" ");
    await screen.findByLabelText(en.stepUp.password);
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await screen.findByText(en.errors["20113"])).toBeInTheDocument();
    expect(toggle).toBeChecked();
    await waitFor(() => expect(toggle).toHaveFocus());
    expect(setSecurity).toHaveBeenCalledTimes(1);
  });

  it("an account without a password switches it off with an emailed code (step-up)", async () => {
    setSecurity.mockResolvedValueOnce({ ok: false, error: { code: 20113 } }).mockImplementationOnce(async () => {
      server$.enabled = false;
      return { ok: true, security: off };
    });
    jest.mocked(stepUpMethodsAction).mockResolvedValue({ ok: true, methods: ["email_code"] });
    jest.mocked(sendStepUpCodeAction).mockResolvedValue({ ok: true, nonce: "n".repeat(32), resendAfter: 60 });
    jest.mocked(stepUpWithCodeAction).mockResolvedValue({ ok: true });
    renderIn("en", <DeviceSection page={page} initial={on} initialError={null} owner={owner} />);
    await userEvent.click(screen.getByRole("switch", { name: en.security.devices.switchLabel }));
    const dialog = await screen.findByRole("dialog", { name: en.stepUp.title });
    await userEvent.click(await within(dialog).findByRole("button", { name: "verify step_up for ada@example.com" }));
    await userEvent.type(await within(dialog).findByLabelText(en.stepUp.code), "123456{Enter}");
    expect(await screen.findByText(en.security.devices.turnedOff)).toBeInTheDocument();
    expect(setSecurity).toHaveBeenNthCalledWith(1, { enabled: false }, page);
    expect(setSecurity).toHaveBeenCalledTimes(2);
  });

  it("switching it on needs no password", async () => {
    server$.enabled = false;
    setSecurity.mockImplementation(async () => {
      server$.enabled = true;
      return { ok: true, security: on };
    });
    renderIn("en", <DeviceSection page={page} initial={off} initialError={null} owner={owner} />);
    await userEvent.click(screen.getByRole("switch", { name: en.security.devices.switchLabel }));
    expect(setSecurity).toHaveBeenCalledWith({ enabled: true }, page);
    expect(await screen.findByText(en.security.devices.turnedOn)).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it.each([
    ["en", "25 devices"],
    ["zh", "共 25 台设备"],
  ] as const)("the known devices come a page at a time, with their own total (%s)", async (lang, total) => {
    server$.count = 25;
    const first = { enabled: true, devices: Array.from({ length: 10 }, (_, i) => device(i + 1)), total: 25, page: 1, pageSize: 10 };
    renderIn(lang, <DeviceSection page={{ ...page, lang }} initial={first} initialError={null} owner={owner} />);
    const t = messages[lang].security;
    const list = screen.getByRole("list", { name: t.devices.knownDevices });
    expect(within(list).getAllByRole("listitem")).toHaveLength(10);
    const pager = screen.getByRole("navigation", { name: t.pagination.label });
    expect(within(pager).getByText(total)).toBeVisible();
    await userEvent.click(within(pager).getByRole("button", { name: t.pagination.next }));
    await userEvent.click(await within(pager).findByRole("button", { name: t.pagination.next }));
    expect(await within(list).findByText("Browser 25")).toBeVisible();
    expect(within(list).getAllByRole("listitem")).toHaveLength(5);
    expect(asked.at(-1)?.toString()).toBe(`p=atomm&lang=${lang}&page=3&pageSize=10`);
  });
});
