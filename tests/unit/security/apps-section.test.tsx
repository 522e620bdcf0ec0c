import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AppAccess } from "@/lib/contract/app-access";
import { AppsSection } from "@/components/security/apps-section";
import { removeAppAccessAction } from "@/lib/actions/security";
import { messages, renderIn } from "../support/render";

jest.mock("@/lib/actions/security", () => ({ removeAppAccessAction: jest.fn() }));
const remove = jest.mocked(removeAppAccessAction);
const { en, zh } = messages;
const page = { lang: "en", query: "", business: false };

const atlas: AppAccess = { clientId: "atlas", name: "Atlas Studio", brand: "atomm", firstParty: true, scopes: ["email", "offline_access", "openid"], since: "2026-03-01T08:00:00.000Z", offline: true };
const cutter: AppAccess = { clientId: "cutter", name: "Cutter Pro", brand: null, firstParty: false, scopes: ["openid", "profile"], since: null, offline: false };

beforeEach(() => jest.resetAllMocks());

describe("account security: apps with access", () => {
  it("names each app, what it may do and a third-party app as such (en)", () => {
    renderIn("en", <AppsSection page={page} initial={[atlas, cutter]} error={null} />);
    const section = screen.getByRole("region", { name: en.security.apps.title });
    const mayDo = within(section).getByRole("list", { name: en.security.apps.mayDo.replace("{app}", "Atlas Studio") });
    expect(within(mayDo).getByText(en.security.apps.scopes.email)).toBeVisible();
    expect(within(mayDo).getByText(en.security.apps.scopes.offline_access)).toBeVisible();
    expect(within(section).getByText(en.security.apps.thirdParty)).toBeVisible();
    expect(within(section).getAllByRole("button", { name: /^Remove access for / })).toHaveLength(2);
  });

  it("removes an app after the confirmation, says so, and keeps the others (zh)", async () => {
    remove.mockResolvedValueOnce({ ok: true });
    renderIn("zh", <AppsSection page={{ ...page, lang: "zh" }} initial={[atlas, cutter]} error={null} />);
    await userEvent.click(screen.getByRole("button", { name: zh.security.apps.removeFor.replace("{app}", "Atlas Studio") }));
    const dialog = screen.getByRole("alertdialog", { name: zh.security.apps.removeTitle.replace("{app}", "Atlas Studio") });
    expect(remove).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole("button", { name: zh.security.apps.remove }));
    expect(remove).toHaveBeenCalledWith({ clientId: "atlas" }, { ...page, lang: "zh" });
    expect(await screen.findByText(zh.security.apps.removed.replace("{app}", "Atlas Studio"))).toBeVisible();
    expect(screen.queryByRole("button", { name: zh.security.apps.removeFor.replace("{app}", "Atlas Studio") })).toBeNull();
    expect(screen.getByRole("button", { name: zh.security.apps.removeFor.replace("{app}", "Cutter Pro") })).toBeVisible();
  });

  it("a failure keeps the dialog open with its message and the app listed (en)", async () => {
    remove.mockResolvedValueOnce({ ok: false, error: { code: 10004, retryAfter: 30 } });
    renderIn("en", <AppsSection page={page} initial={[atlas]} error={null} />);
    await userEvent.click(screen.getByRole("button", { name: "Remove access for Atlas Studio" }));
    const dialog = screen.getByRole("alertdialog");
    await userEvent.click(within(dialog).getByRole("button", { name: en.security.apps.remove }));
    expect(await within(dialog).findByRole("alert")).toBeVisible();
    expect(screen.queryByText(en.security.apps.removed.replace("{app}", "Atlas Studio"))).toBeNull();
  });

  it("says when no app has access, and when the list could not be read (en)", () => {
    const { unmount } = renderIn("en", <AppsSection page={page} initial={[]} error={null} />);
    expect(screen.getByText(en.security.apps.empty)).toBeVisible();
    unmount();
    renderIn("en", <AppsSection page={page} initial={null} error={1002} />);
    expect(screen.getByRole("alert")).toHaveTextContent(en.errors["1002"]);
  });
});
