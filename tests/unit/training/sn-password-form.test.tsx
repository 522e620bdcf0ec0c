import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SnPasswordForm } from "@/components/training/sn-password-form";
import { snPasswordAction } from "@/lib/actions/training";
import { messages, renderIn } from "../support/render";

jest.mock("@/lib/actions/training", () => ({ snPasswordAction: jest.fn() }));
const generate = jest.mocked(snPasswordAction);
const SN = "XTW1200A2026B0000000001";
const t = messages.en.training.sn;

async function fillAndSend(sn: string) {
  await userEvent.clear(screen.getByLabelText(t.sn));
  await userEvent.type(screen.getByLabelText(t.sn), sn);
  await userEvent.click(screen.getByRole("button", { name: t.generate }));
}

beforeEach(() => generate.mockReset());

it("refuses a 22-character SN and a wrong format before asking the services", async () => {
  renderIn("en", <SnPasswordForm page={{ lang: "en", query: "" }} />);
  await fillAndSend(SN.slice(0, 22));
  expect(await screen.findByText(messages.en.validation.snLength)).toBeInTheDocument();
  await fillAndSend(`${SN.slice(0, 22)}#`);
  expect(await screen.findByText(messages.en.validation.snFormat)).toBeInTheDocument();
  expect(generate).not.toHaveBeenCalled();
});

it("shows the password for the SN and light source, and says 'Copy failed' when the clipboard refuses", async () => {
  generate.mockResolvedValue({ ok: true, sn: SN, power: "800W", password: "MXUZKZHBMA5J" });
  const writeText = jest.fn().mockRejectedValue(new Error("denied"));
  Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
  renderIn("en", <SnPasswordForm page={{ lang: "en", query: "" }} />);
  await userEvent.click(screen.getByLabelText("800W"));
  await fillAndSend(SN.toLowerCase());
  expect(await screen.findByText("MXUZKZHBMA5J")).toBeInTheDocument();
  expect(generate).toHaveBeenCalledWith({ sn: SN.toLowerCase(), power: "800W" }, { lang: "en", query: "" });
  await userEvent.click(screen.getByRole("button", { name: t.copy }));
  expect(await screen.findByRole("alert")).toHaveTextContent(t.copyFailed);
  expect(writeText).toHaveBeenCalledWith("MXUZKZHBMA5J");
});

it("a user who has not watched the video is told so (20503), in Chinese too", async () => {
  generate.mockResolvedValue({ ok: false, error: { code: 20503 } });
  renderIn("zh", <SnPasswordForm page={{ lang: "zh", query: "" }} />);
  await userEvent.type(screen.getByLabelText(messages.zh.training.sn.sn), SN);
  await userEvent.click(screen.getByRole("button", { name: messages.zh.training.sn.generate }));
  expect(await screen.findByText(messages.zh.errors["20503"])).toBeInTheDocument();
});

it("holding Enter down sends one request, not one per repeated keydown", async () => {
  generate.mockResolvedValue({ ok: true, sn: SN, power: "1200W", password: "MQBDUDGMDYKM" });
  renderIn("en", <SnPasswordForm page={{ lang: "en", query: "" }} />);
  await userEvent.type(screen.getByLabelText(t.sn), SN);
  await userEvent.keyboard("{Enter>40}");
  expect(await screen.findByText("MQBDUDGMDYKM")).toBeInTheDocument();
  expect(generate).toHaveBeenCalledTimes(1);
});

it("a second submission while the first is under way is dropped", async () => {
  let answer: (value: { ok: true; sn: string; power: "1200W"; password: string }) => void = () => undefined;
  generate.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
  renderIn("en", <SnPasswordForm page={{ lang: "en", query: "" }} />);
  await userEvent.type(screen.getByLabelText(t.sn), SN);
  const form = screen.getByRole("form", { name: t.title });
  fireEvent.submit(form);
  fireEvent.submit(form);
  fireEvent.submit(form);
  await screen.findByRole("button", { name: t.generate, busy: true });
  answer({ ok: true, sn: SN, power: "1200W", password: "MQBDUDGMDYKM" });
  expect(await screen.findByText("MQBDUDGMDYKM")).toBeInTheDocument();
  expect(generate).toHaveBeenCalledTimes(1);
  // a new action afterwards is a new request
  await userEvent.click(screen.getByRole("button", { name: t.generate }));
  await screen.findByRole("button", { name: t.generate, busy: true });
  expect(generate).toHaveBeenCalledTimes(2);
});
