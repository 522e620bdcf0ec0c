import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { cancelBulkJobAction, createBulkJobAction, previewBulkAction } from "@/lib/actions/console/bulk";
import { BulkUserTable, type BulkRow } from "@/components/console/bulk-user-table";
import { BulkJobsPanel } from "@/components/console/bulk-jobs-panel";
import { messages, renderIn } from "../support/render";

jest.mock("@/lib/actions/console/bulk", () => ({ previewBulkAction: jest.fn(), createBulkJobAction: jest.fn(), cancelBulkJobAction: jest.fn() }));
const preview = jest.mocked(previewBulkAction);
const create = jest.mocked(createBulkJobAction);
const cancel = jest.mocked(cancelBulkJobAction);

const row = (n: number): BulkRow => ({ id: `00000000-0000-4000-8000-00000000000${n}`, email: `user${n}@bulk.test`, href: `/en/console/users/${n}`, enterprise: null, nickname: "—", status: "Active", created: "", lastSignIn: "", brand: "—" });
const rows = [row(1), row(2), row(3)];
const search = { by: "email" as const, q: "@bulk.test" };
const en = messages.en.console.bulk;

beforeEach(() => {
  preview.mockReset();
  create.mockReset();
  cancel.mockReset();
});

test("each account has a labelled checkbox that the keyboard ticks; nothing selected, no bulk actions", async () => {
  renderIn("en", <BulkUserTable lang="en" rows={rows} count={3} search={search} exportPath="/en/console/export/download" />);
  expect(screen.queryByRole("heading", { name: en.title })).not.toBeInTheDocument();
  const user = userEvent.setup();
  const box = screen.getByRole("checkbox", { name: "Select user2@bulk.test" });
  box.focus();
  await user.keyboard(" ");
  expect(box).toBeChecked();
  expect(screen.getByText("1 account selected")).toBeInTheDocument();
  // the destructive actions stand in their own group
  const destructive = screen.getByRole("group", { name: en.destructiveActions });
  expect(within(destructive).getAllByRole("button").map((button) => button.textContent)).toEqual([en.kinds["end-sessions"], en.kinds.ban]);
  expect(within(screen.getByRole("group", { name: en.safeActions })).getAllByRole("button").map((button) => button.textContent)).toEqual([en.kinds.unban, en.kinds.message]);
});

test("Export offers the whole search as its filters, then the ticked accounts as their ids, as labelled links", async () => {
  renderIn("en", <BulkUserTable lang="en" rows={rows} count={25} search={{ ...search, status: "banned", twoStep: "" }} exportPath="/en/console/export/download" />);
  const whole = screen.getByRole("group", { name: "Export all 25 results of this search" });
  expect(within(whole).getByRole("link", { name: "Download CSV" })).toHaveAttribute("href", "/en/console/export/download?format=csv&by=email&q=%40bulk.test&status=banned");
  const user = userEvent.setup();
  await user.click(screen.getByRole("checkbox", { name: "Select user1@bulk.test" }));
  await user.click(screen.getByRole("checkbox", { name: "Select user3@bulk.test" }));
  const picked = screen.getByRole("group", { name: "Export the 2 selected accounts" });
  expect(within(picked).getByRole("link", { name: "Download JSON" })).toHaveAttribute("href", `/en/console/export/download?format=json&ids=${rows[0]?.id}%2C${rows[2]?.id}`);
});

test("the whole search: the preview names the count and the first accounts; the dialog names the count and will not start without a reason", async () => {
  preview.mockResolvedValue({ ok: true, data: { count: 25, first: ["user1@bulk.test", "user2@bulk.test"], limit: 10_000, overLimit: false } });
  create.mockResolvedValue({ ok: true, data: { id: "job", total: 25 } });
  renderIn("en", <BulkUserTable lang="en" rows={rows} count={25} search={search} exportPath="/en/console/export/download" />);
  const user = userEvent.setup();
  await user.click(screen.getByRole("checkbox", { name: en.selectAllOnPage }));
  await user.click(screen.getByRole("button", { name: "Select all 25 results of this search" }));
  expect(screen.getByText("All 25 results of this search are selected.")).toBeInTheDocument();
  await user.click(screen.getByRole("button", { name: en.kinds["end-sessions"] }));
  await user.click(screen.getByRole("button", { name: en.preview }));
  expect(preview).toHaveBeenCalledWith("en", { search });
  const named = await screen.findByRole("list", { name: "25 accounts will be affected, first:" });
  expect(within(named).getAllByRole("listitem").map((item) => item.textContent)).toEqual(["user1@bulk.test", "user2@bulk.test"]);
  expect(screen.getByText("and 23 more")).toBeInTheDocument();
  await user.click(screen.getByRole("button", { name: en.start }));
  const dialog = screen.getByRole("alertdialog", { name: "End sessions for 25 accounts?" });
  await user.click(within(dialog).getByRole("button", { name: en.confirm }));
  expect(await within(dialog).findByText(messages.en.console.fields.reasonRequired)).toBeInTheDocument();
  expect(create).not.toHaveBeenCalled();
  await user.type(within(dialog).getByLabelText(messages.en.console.user.actions.reason), "spam wave 812");
  await user.click(within(dialog).getByRole("button", { name: en.confirm }));
  expect(create).toHaveBeenCalledWith("en", { kind: "end-sessions", selection: { search }, reason: "spam wave 812", message: undefined });
  expect(await screen.findByText("The job has started: 25 accounts.")).toBeInTheDocument();
});

test("over the limit the preview says so, naming it, and offers no start (in Chinese)", async () => {
  preview.mockResolvedValue({ ok: true, data: { count: 10_001, first: ["user1@bulk.test"], limit: 10_000, overLimit: true } });
  renderIn("zh", <BulkUserTable lang="zh" rows={rows} count={10_001} search={search} exportPath="/zh/console/export/download" />);
  const zh = messages.zh.console.bulk;
  const user = userEvent.setup();
  await user.click(screen.getByRole("checkbox", { name: zh.selectAllOnPage }));
  await user.click(screen.getByRole("button", { name: "选择此搜索的全部 10,001 个结果" }));
  await user.click(screen.getByRole("button", { name: zh.kinds.ban }));
  await user.click(screen.getByRole("button", { name: zh.preview }));
  expect(await screen.findByText(/每个任务最多 10,000 个账号；此选择有 10,001 个/)).toBeInTheDocument();
  expect(screen.queryByRole("button", { name: zh.start })).not.toBeInTheDocument();
  expect(within(screen.getByRole("group", { name: "导出此搜索的全部 10,001 个结果" })).getByRole("link", { name: "下载 CSV" })).toBeInTheDocument();
});

test("the jobs panel shows progress, counts, reason and operator, and cancels only a job still under way", async () => {
  cancel.mockResolvedValue({ ok: true, data: { status: "cancelled" } });
  const job = { kind: "ban" as const, total: 10, done: 3, failed: 1, reason: "spam wave 812", operator: "admin@console.test", createdAt: "2026-11-29T10:00:00.000Z", finishedAt: null };
  renderIn("en", <BulkJobsPanel lang="en" initial={[{ ...job, id: "a", status: "running" }, { ...job, id: "b", status: "done", done: 10, failed: 0 }]} />);
  const [running, done] = screen.getAllByRole("listitem");
  expect(running).toHaveTextContent("4 of 10 handled: 3 done, 1 failed");
  expect(running).toHaveTextContent("Reason: spam wave 812");
  expect(running).toHaveTextContent("By admin@console.test");
  expect(within(done as HTMLElement).queryByRole("button", { name: en.cancel })).not.toBeInTheDocument();
  const user = userEvent.setup();
  await user.click(within(running as HTMLElement).getByRole("button", { name: en.cancel }));
  const dialog = screen.getByRole("alertdialog", { name: "Cancel this job (Ban, 10 accounts)?" });
  await user.type(within(dialog).getByLabelText(messages.en.console.user.actions.reason), "wrong search");
  await user.click(within(dialog).getByRole("button", { name: en.cancelConfirm }));
  expect(cancel).toHaveBeenCalledWith("en", "a", "wrong search");
});
