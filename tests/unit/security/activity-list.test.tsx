import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ActivityItem } from "@/lib/contract/activity";
import { ActivityList } from "@/components/security/activity-list";
import { disownActivityAction } from "@/lib/actions/security";
import { completeSignOut } from "@/lib/bridge/sign-in";
import { renderIn } from "../support/render";

jest.mock("@/lib/actions/security", () => ({ disownActivityAction: jest.fn() }));
jest.mock("@/lib/bridge/sign-in", () => ({ completeSignOut: jest.fn() }));
const disown = jest.mocked(disownActivityAction);
const signOut = jest.mocked(completeSignOut);
const page = { lang: "en", query: "p=atomm", business: false };
beforeEach(() => {
  disown.mockReset();
  signOut.mockReset();
});

/** YYYY-MM-DD HH:mm in the zone of the browser (here: the test machine's), the user's zone. */
function local(iso: string): string {
  const d = new Date(iso);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

function event(id: string, overrides: Partial<ActivityItem>): ActivityItem {
  return {
    id,
    kind: "password_changed",
    at: "2026-11-20T17:42:00.000Z",
    actor: "self",
    location: "Berlin, Germany",
    device: "Windows 11 · Chrome 142",
    application: "atomm",
    app: null,
    provider: null,
    count: 1,
    disowned: false,
    disownable: true,
    ...overrides,
  };
}

const items: ActivityItem[] = [
  event("e1", { kind: "two_step_reset", actor: "support", location: null, device: null, application: null, at: "2026-11-21T09:00:00.000Z" }),
  event("e2", { kind: "password_changed" }),
  event("s-1", { kind: "sign_in", provider: "google", app: "Forum" }),
  event("f-2026-11-20-8.8.8.8", { kind: "sign_in_failed", count: 3, device: null, application: null }),
];

function rows(): HTMLElement[] {
  return within(screen.getByRole("list", { name: "Security events" })).getAllByRole("listitem");
}

test("each event says what happened, when in the viewer's zone, where, on what and through which app, in list order", () => {
  renderIn("en", <ActivityList items={items} page={page} />);
  const [support, changed, signIn, failed] = rows();
  expect(rows()).toHaveLength(4);

  expect(support).toHaveTextContent("Two-step verification reset");
  expect(within(support as HTMLElement).getByText("By support")).toBeVisible();
  expect(within(support as HTMLElement).queryByText("Place")).toBeNull();

  expect(changed).toHaveTextContent("Password changed");
  expect(within(changed as HTMLElement).getByText(local("2026-11-20T17:42:00.000Z"))).toBeVisible();
  expect(changed).toHaveTextContent("PlaceBerlin, Germany");
  expect(changed).toHaveTextContent("DeviceWindows 11 · Chrome 142");
  expect(changed).toHaveTextContent("AppAtomm");
  expect(within(changed as HTMLElement).queryByText("By support")).toBeNull();

  expect(signIn).toHaveTextContent("Signed in with Google");
  expect(signIn).toHaveTextContent("AppAtomm · via Forum");
  expect(failed).toHaveTextContent("3 refused sign-ins");
});

test("in Chinese, with the same facts", () => {
  renderIn("zh", <ActivityList items={items} page={page} />);
  const list = within(screen.getByRole("list", { name: "安全事件" })).getAllByRole("listitem");
  expect(list[0]).toHaveTextContent("两步验证已重置");
  expect(list[0]).toHaveTextContent("由客服操作");
  expect(list[1]).toHaveTextContent("地点Berlin, Germany");
  expect(list[3]).toHaveTextContent("3 次登录被拒绝");
});

test("no events: says so", () => {
  renderIn("en", <ActivityList items={[]} page={page} />);
  expect(screen.getByText("Nothing has happened on your account yet.")).toBeVisible();
});

const SIGN_IN_ID = "s-00000000-0000-4000-8000-00000000000a";

test("\"This wasn't me\" is offered on every event but the record of one; a disowned event says so instead", () => {
  const disowned = event("e3", { kind: "passkey_added", disowned: true });
  const secured = event("e4", { kind: "account_secured", disownable: false });
  renderIn("en", <ActivityList items={[...items, disowned, secured]} page={page} />);
  const [support, changed, signIn, failed, marked, record] = rows();
  expect(within(support as HTMLElement).getByRole("button", { name: "This wasn't me: Two-step verification reset" })).toBeVisible();
  expect(within(changed as HTMLElement).getByRole("button", { name: /^This wasn't me/ })).toBeVisible();
  expect(within(signIn as HTMLElement).getByRole("button", { name: "This wasn't me: Signed in with Google" })).toBeVisible();
  expect(within(failed as HTMLElement).getByRole("button", { name: "This wasn't me: 3 refused sign-ins" })).toBeVisible();
  expect(within(marked as HTMLElement).queryByRole("button")).toBeNull();
  expect(within(record as HTMLElement).queryByRole("button")).toBeNull();
  expect(marked).toHaveTextContent("You said this wasn't you");
});

test("the confirmation says exactly what will happen; Cancel changes nothing; confirming secures the account and leaves for the page that says so", async () => {
  const user = userEvent.setup();
  disown.mockResolvedValue({ ok: true, redirect: "/en/account-secured" });
  renderIn("en", <ActivityList items={[event(SIGN_IN_ID, { kind: "sign_in" })]} page={page} />);

  await user.click(screen.getByRole("button", { name: /^This wasn't me/ }));
  const dialog = screen.getByRole("alertdialog", { name: "Secure your account?" });
  expect(dialog).toHaveTextContent("We will sign every device and every app out of your account, this browser included");
  expect(dialog).toHaveTextContent("your password will stop working until you set a new one with “Forgot password”");
  expect(dialog).toHaveTextContent("You can still sign in with an emailed code or a passkey.");
  await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
  expect(disown).not.toHaveBeenCalled();
  expect(screen.queryByRole("alertdialog")).toBeNull();

  await user.click(screen.getByRole("button", { name: /^This wasn't me/ }));
  await user.click(screen.getByRole("button", { name: "Sign everyone out and secure my account" }));
  expect(disown).toHaveBeenCalledWith({ id: SIGN_IN_ID }, page);
  expect(signOut).toHaveBeenCalledWith("/en/account-secured");
});

test("a refusal stays in the dialog as a translated message, in Chinese too", async () => {
  const user = userEvent.setup();
  disown.mockResolvedValue({ ok: false, error: { code: 20222 } });
  renderIn("zh", <ActivityList items={[event(SIGN_IN_ID, { kind: "sign_in" })]} page={{ ...page, lang: "zh" }} />);
  await user.click(screen.getByRole("button", { name: /^不是我本人/ }));
  const dialog = screen.getByRole("alertdialog", { name: "要保护您的账号吗？" });
  expect(dialog).toHaveTextContent("在您通过“忘记密码”设置新密码");
  await user.click(within(dialog).getByRole("button", { name: "退出所有登录并保护我的账号" }));
  expect(await within(dialog).findByText("您的安全记录中没有该事件。请刷新页面后重试。")).toBeVisible();
  expect(signOut).not.toHaveBeenCalled();
});
