import { screen, within } from "@testing-library/react";
import type { ActivityItem } from "@/lib/contract/activity";
import { ActivityList } from "@/components/security/activity-list";
import { renderIn } from "../support/render";

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
    ...overrides,
  };
}

const items: ActivityItem[] = [
  event("e1", { kind: "two_step_reset", actor: "support", location: null, device: null, application: null, at: "2026-11-21T09:00:00.000Z" }),
  event("e2", { kind: "password_changed" }),
  event("s-1", { kind: "sign_in", provider: "google", app: "Forum" }),
  event("f-1", { kind: "sign_in_failed", count: 3, device: null, application: null }),
];

function rows(): HTMLElement[] {
  return within(screen.getByRole("list", { name: "Security events" })).getAllByRole("listitem");
}

test("each event says what happened, when in the viewer's zone, where, on what and through which app, in list order", () => {
  renderIn("en", <ActivityList items={items} />);
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
  renderIn("zh", <ActivityList items={items} />);
  const list = within(screen.getByRole("list", { name: "安全事件" })).getAllByRole("listitem");
  expect(list[0]).toHaveTextContent("两步验证已重置");
  expect(list[0]).toHaveTextContent("由客服操作");
  expect(list[1]).toHaveTextContent("地点Berlin, Germany");
  expect(list[3]).toHaveTextContent("3 次登录被拒绝");
});

test("no events: says so", () => {
  renderIn("en", <ActivityList items={[]} />);
  expect(screen.getByText("Nothing has happened on your account yet.")).toBeVisible();
});
