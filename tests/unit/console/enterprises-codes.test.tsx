import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { CodeInfo, EnterpriseUser } from "@/lib/contract/console/screens";
import { CodeBatchForm } from "@/components/console/code-batch-form";
import { CodeLookup } from "@/components/console/code-lookup";
import { EnterpriseCreateForm } from "@/components/console/enterprise-create-form";
import { EnterpriseUsers } from "@/components/console/enterprise-users";
import { messages, renderIn } from "../support/render";

// the forms read the server-rendered lists again after a change
const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh }) }));

const { en, zh } = messages;

describe("enterprise create form", () => {
  test("shows the default password once after creating, and clears the form", async () => {
    const onCreate = jest.fn().mockResolvedValue({ ok: true, data: { id: "e1", account: "lumen", name: "Lumen", email: "ops@lumen.test", password: "Abcdefgh23456789" } });
    renderIn("en", <EnterpriseCreateForm onCreate={onCreate} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(en.console.enterprises.account), "lumen");
    await user.type(screen.getByLabelText(en.console.enterprises.name), "Lumen");
    await user.type(screen.getByLabelText(en.console.enterprises.email), "ops@lumen.test");
    await user.type(screen.getByLabelText(en.console.common.reason), "new customer");
    await user.click(screen.getByRole("button", { name: en.console.enterprises.create }));
    expect(onCreate).toHaveBeenCalledWith({ account: "lumen", name: "Lumen", email: "ops@lumen.test", reason: "new customer" });
    expect(await screen.findByTestId("one-time-secret")).toHaveTextContent("Abcdefgh23456789");
    expect(screen.getByText(/give it to ops@lumen.test/)).toBeInTheDocument();
    expect(screen.getByLabelText(en.console.enterprises.account)).toHaveValue("");
    expect(refresh).toHaveBeenCalled();
  });

  test("a refusal shows its translated text on the field and keeps what was typed", async () => {
    const onCreate = jest.fn().mockResolvedValue({ ok: false, error: { code: 10001, fields: { account: "accountTaken" } } });
    renderIn("zh", <EnterpriseCreateForm onCreate={onCreate} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(zh.console.enterprises.account), "taken");
    await user.click(screen.getByRole("button", { name: zh.console.enterprises.create }));
    expect(await screen.findByText(zh.console.errors.accountTaken)).toBeInTheDocument();
    expect(screen.getByLabelText(zh.console.enterprises.account)).toHaveValue("taken");
    expect(screen.getByLabelText(zh.console.enterprises.account)).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByTestId("one-time-secret")).not.toBeInTheDocument();
  });
});

describe("enterprise users", () => {
  const users: EnterpriseUser[] = [{ id: "u1", email: "boss@co.test", status: "active", defaultPassword: false, createdAt: "2026-01-01T00:00:00Z", lastSignIn: null }];

  test("a reset asks for a reason, names the consequence and shows the new password", async () => {
    const onReset = jest.fn().mockResolvedValue({ ok: true, data: { email: "boss@co.test", password: "Newpass234567890" } });
    renderIn("en", <EnterpriseUsers name="Co" users={users} canReset onReset={onReset} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: en.console.enterprises.reset }));
    const dialog = await screen.findByRole("dialog", { name: "Reset the password of boss@co.test?" });
    expect(dialog).toHaveTextContent(en.console.enterprises.resetConsequence);
    await user.type(within(dialog).getByLabelText(en.console.common.reason), "forgot it");
    await user.click(within(dialog).getByRole("button", { name: en.console.enterprises.reset }));
    expect(onReset).toHaveBeenCalledWith("u1", "forgot it");
    expect(await screen.findByTestId("one-time-secret")).toHaveTextContent("Newpass234567890");
    expect(screen.getByText(`${en.console.enterprises.defaultPassword}: ${en.console.enterprises.yes}`)).toBeInTheDocument();
  });

  test("a viewer sees no reset button", () => {
    renderIn("en", <EnterpriseUsers name="Co" users={users} canReset={false} onReset={jest.fn()} />);
    expect(screen.queryByRole("button", { name: en.console.enterprises.reset })).not.toBeInTheDocument();
    expect(screen.getByText(`${en.console.enterprises.lastSignIn}: ${en.console.enterprises.never}`)).toBeInTheDocument();
  });
});

describe("codes", () => {
  test("a new batch gives a one-time download (a POST of the token) that disappears once used; the codes are never shown", async () => {
    const onCreate = jest.fn().mockResolvedValue({ ok: true, data: { batchId: "b1", size: 3, downloadToken: "tok", downloadExpiresAt: "2026-01-01T00:15:00Z" } });
    renderIn("en", <CodeBatchForm onCreate={onCreate} downloadUrl="/en/console/codes/download" />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(en.console.codes.benefitEn), "Pro");
    await user.type(screen.getByLabelText(en.console.codes.benefitZh), "专业版");
    await user.type(screen.getByLabelText(en.console.codes.validUntil), "2026-12-31");
    await user.type(screen.getByLabelText(en.console.common.reason), "campaign");
    await user.click(screen.getByRole("button", { name: en.console.codes.create }));
    expect(onCreate).toHaveBeenCalledWith({ benefitEn: "Pro", benefitZh: "专业版", count: "100", benefitDays: "365", validUntil: "2026-12-31", reason: "campaign" });
    const button = await screen.findByRole("button", { name: en.console.codes.download });
    const form = button.closest("form");
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/en/console/codes/download");
    expect(form).toHaveFormValues({ token: "tok", lang: "en" });
    expect(screen.getByText("Batch of 3 codes created")).toBeInTheDocument();
    // the browser sends a form only if it is still in the document once the submit event is
    // handled: hiding the button must wait until then (it once unmounted the form at once, and
    // the download never started)
    let connectedAfterSubmit: boolean | null = null;
    form?.addEventListener("submit", (event) => {
      event.preventDefault();
      // a task after the event's own (React renders the click's update in a microtask before it)
      setTimeout(() => (connectedAfterSubmit = form.isConnected), 0);
    });
    await user.click(button);
    await waitFor(() => expect(connectedAfterSubmit).not.toBeNull());
    expect(connectedAfterSubmit).toBe(true);
    await waitFor(() => expect(screen.queryByRole("button", { name: en.console.codes.download })).not.toBeInTheDocument());
  });

  test("a refused count shows the translated limit", async () => {
    renderIn("zh", <CodeBatchForm onCreate={jest.fn().mockResolvedValue({ ok: false, error: { code: 10001, fields: { count: "badCount" } } })} downloadUrl="/en/console/codes/download" />);
    await userEvent.setup().click(screen.getByRole("button", { name: zh.console.codes.create }));
    expect(await screen.findByText(zh.console.errors.badCount)).toBeInTheDocument();
  });

  test("look up a code and revoke it with a reason", async () => {
    const info: CodeInfo = { batchId: "b1", benefitEn: "Pro", benefitZh: "专业版", status: "unused", validUntil: "2027-01-01T00:00:00.000Z", redeemedAt: null, redeemedBy: null };
    const onRevoke = jest.fn().mockResolvedValue({ ok: true, data: { revoked: true, status: "revoked" } });
    renderIn("en", <CodeLookup canRevoke onLookup={jest.fn().mockResolvedValue({ ok: true, data: info })} onRevoke={onRevoke} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(en.console.codes.code), "ABCDEFGHJKLMNPQR");
    await user.click(screen.getByRole("button", { name: en.console.codes.lookup }));
    expect(await screen.findByTestId("code-status")).toHaveTextContent(en.console.codes.statuses.unused);
    expect(screen.getByText("2026-12-31")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: en.console.codes.revoke }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText(en.console.common.reason), "leaked");
    await user.click(within(dialog).getByRole("button", { name: en.console.codes.revoke }));
    expect(onRevoke).toHaveBeenCalledWith("ABCDEFGHJKLMNPQR", "leaked");
    expect(await screen.findByText(en.console.codes.revoked)).toBeInTheDocument();
    expect(screen.getByTestId("code-status")).toHaveTextContent(en.console.codes.statuses.revoked);
  });

  test("an unknown code: the translated not-found text", async () => {
    renderIn("en", <CodeLookup canRevoke={false} onLookup={jest.fn().mockResolvedValue({ ok: false, error: { code: 10001, fields: { code: "notFound" } } })} onRevoke={jest.fn()} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(en.console.codes.code), "ABCDEFGHJKLMNPQR");
    await user.click(screen.getByRole("button", { name: en.console.codes.lookup }));
    expect(await screen.findByText(en.console.errors.notFound)).toBeInTheDocument();
  });

  test("a failure without a refused field reads by its code: the console's words for a role too low, the portal's for the others (zh)", async () => {
    const onLookup = jest.fn().mockResolvedValueOnce({ ok: false, error: { code: 20102 } }).mockResolvedValueOnce({ ok: false, error: { code: 10004, retryAfter: 30 } });
    renderIn("zh", <CodeLookup canRevoke={false} onLookup={onLookup} onRevoke={jest.fn()} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(zh.console.codes.code), "ABCDEFGHJKLMNPQR");
    await user.click(screen.getByRole("button", { name: zh.console.codes.lookup }));
    expect(await screen.findByText(zh.console.errors.forbidden)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: zh.console.codes.lookup }));
    expect(await screen.findByText(zh.errors["10004"].replace("{seconds}", "30"))).toBeInTheDocument();
  });
});
