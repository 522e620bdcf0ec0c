import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { SWRConfig } from "swr";
import type { MessageItem, MessageList } from "@/lib/contract/messages";
import { MessageCentre } from "@/components/messages/message-centre";
import { UnreadBadge } from "@/components/account/unread-badge";
import { readAllAction, readMessageAction, saveSettingsAction } from "@/lib/actions/messages";
import { messages, renderIn } from "../support/render";

jest.mock("next/navigation", () => ({ useSearchParams: () => new URLSearchParams("p=atomm&l=zh&r=https://x.test") }));
jest.mock("@/lib/actions/messages", () => ({ readMessageAction: jest.fn(), readAllAction: jest.fn(), saveSettingsAction: jest.fn() }));
const readOne = jest.mocked(readMessageAction);
const readAll = jest.mocked(readAllAction);
const save = jest.mocked(saveSettingsAction);
const { en } = messages;
const m = en.messageCentre;

function message(n: number, overrides: Partial<MessageItem> = {}): MessageItem {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    appCode: "atomm",
    category: "device",
    name: `Name ${n}`,
    contentLang: { en: { name: `Name ${n}`, content: `Content ${n}` }, zh: { name: `名称${n}`, content: `内容${n}` } },
    read: false,
    createdAt: "2026-03-01T08:00:00.000Z",
    ...overrides,
  };
}
const deviceList: MessageList = { list: [message(1), message(2, { read: true })], total: 2, page: 1, pageSize: 10 };
const counts = { total: 3, device: 1, system: 2, app: 0, activity: 0 };
const settings = {
  appCode: "atomm",
  settings: (["device", "system", "app", "activity"] as const).map((category) => ({ appCode: "atomm", category, blocked: false, blockable: category === "device" || category === "app" })),
};

const server = setupServer();
const asked: string[] = [];
beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
beforeEach(() => {
  asked.length = 0;
  for (const action of [readOne, readAll, save]) action.mockReset();
  server.use(
    http.get("*/api/messages/count", ({ request }) => {
      asked.push(new URL(request.url).search);
      return HttpResponse.json({ ok: true, data: counts });
    }),
    http.get("*/api/messages", ({ request }) => {
      const url = new URL(request.url);
      asked.push(url.search);
      const system: MessageList = { list: [message(3, { category: "system" })], total: 1, page: 1, pageSize: 10 };
      return HttpResponse.json({ ok: true, data: url.searchParams.get("category") === "system" ? system : deviceList });
    }),
  );
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function renderCentre(lang: "en" | "zh" = "en") {
  return renderIn(
    lang,
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <nav>
        Messages <UnreadBadge lang="en" />
      </nav>
      <MessageCentre
        page={{ lang: "en", query: "p=atomm&l=zh" }}
        contentLang="zh"
        appName="Atomm"
        options={{ color: null, emptyDataImg: null, sort: "desc" }}
        data={{ counts: { data: counts, error: null }, list: { data: deviceList, error: null }, settings: { data: settings, error: null } }}
      />
    </SWRConfig>,
  );
}

test("tabs carry their unread counts; the list is in the language l; opening one reads it and updates the tab and the menu badge", async () => {
  renderCentre();
  expect(screen.getByTestId("unread-device")).toHaveTextContent("1");
  expect(screen.getByTestId("unread-system")).toHaveTextContent("2");
  expect(screen.queryByTestId("unread-app")).toBeNull();
  expect(await screen.findByTestId("menu-unread")).toHaveTextContent("3");
  const list = screen.getByRole("list", { name: m.tabs.device });
  expect(within(list).getAllByRole("button").map((b) => b.textContent)).toEqual([expect.stringContaining("名称1"), expect.stringContaining("名称2")]);

  readOne.mockResolvedValue({ ok: true, counts: { ...counts, total: 2, device: 0 } });
  await userEvent.click(within(list).getByRole("button", { name: /名称1/ }));
  expect(readOne).toHaveBeenCalledWith({ id: message(1).id }, { lang: "en", query: "p=atomm&l=zh" });
  expect(screen.getByText("内容1")).toBeVisible();
  await waitFor(() => expect(screen.getByTestId("menu-unread")).toHaveTextContent("2"));
  expect(screen.queryByTestId("unread-device")).toBeNull();
  // A read message is not read again.
  await userEvent.click(within(list).getByRole("button", { name: /名称2/ }));
  expect(readOne).toHaveBeenCalledTimes(1);
  // the count key is the page's launch parameters and language, never r
  expect(asked.find((q) => q.includes("lang=en"))).toBe("?p=atomm&l=zh&lang=en");
});

test.each([
  ["en", "2 messages"],
  ["zh", "共 2 条消息"],
] as const)("the pager counts messages in its own words (%s), not the login log's sessions", (lang, total) => {
  renderCentre(lang);
  const pager = screen.getByRole("navigation", { name: messages[lang].security.pagination.label });
  expect(within(pager).getByText(total)).toBeVisible();
  expect(pager).not.toHaveTextContent(/session|会话/);
});

test("in Chinese the app's name sits in the settings sentence without stray spaces", () => {
  renderCentre("zh");
  expect(screen.getByText("选择Atomm向您发送哪些消息。")).toBeVisible();
});

test("another tab loads through /api/messages; 'mark all as read' clears it; a failure is shown", async () => {
  renderCentre();
  await userEvent.click(screen.getByRole("tab", { name: /^System/ }));
  const list = await screen.findByRole("list", { name: m.tabs.system });
  expect(within(list).getByRole("button")).toHaveTextContent("名称3");
  expect(asked).toContain("?p=atomm&l=zh&lang=en&category=system&page=1&pageSize=10&sort=desc");

  readAll.mockResolvedValueOnce({ ok: false, error: { code: 1002 } });
  await userEvent.click(screen.getByRole("button", { name: m.markAllRead }));
  expect(await screen.findByRole("alert")).toHaveTextContent(en.errors["1002"]);
  readAll.mockResolvedValueOnce({ ok: true, counts: { ...counts, total: 1, system: 0 } });
  await userEvent.click(screen.getByRole("button", { name: m.markAllRead }));
  expect(readAll).toHaveBeenLastCalledWith({ category: "system" }, { lang: "en", query: "p=atomm&l=zh" });
  expect(await screen.findByText(m.markedAllRead)).toBeVisible();
  await waitFor(() => expect(screen.getByTestId("menu-unread")).toHaveTextContent("1"));
  expect(screen.getByRole("button", { name: m.markAllRead })).toBeDisabled();
});

test("settings: app and device can be turned off, system and activity cannot; 20601 is explained", async () => {
  renderCentre();
  const region = screen.getByRole("region", { name: m.settings.title });
  expect(within(region).getByRole("switch", { name: m.settings.labels.system })).toBeDisabled();
  expect(within(region).getByRole("switch", { name: m.settings.labels.activity })).toBeDisabled();
  save.mockResolvedValueOnce({ ok: true, settings: { ...settings, settings: settings.settings.map((s) => (s.category === "app" ? { ...s, blocked: true } : s)) } });
  await userEvent.click(within(region).getByRole("switch", { name: m.settings.labels.app }));
  expect(save).toHaveBeenCalledWith({ settings: [{ category: "device", blocked: false }, { category: "app", blocked: true }] }, { lang: "en", query: "p=atomm&l=zh" });
  expect(await within(region).findByText(m.settings.saved)).toBeVisible();
  expect(within(region).getByRole("switch", { name: m.settings.labels.app })).not.toBeChecked();

  save.mockResolvedValueOnce({ ok: false, error: { code: 20601 } });
  await userEvent.click(within(region).getByRole("switch", { name: m.settings.labels.device }));
  expect(await within(region).findByRole("alert")).toHaveTextContent(en.errors["20601"]);
  expect(within(region).getByRole("switch", { name: m.settings.labels.device })).toBeChecked();
});
