import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { UserSearchForm } from "@/components/console/user-search-form";
import type { UserSearchFormInput } from "@/lib/validation/console";
import { messages, renderIn } from "../support/render";

const push = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push }) }));
beforeEach(() => push.mockClear());

const blank: UserSearchFormInput = { by: "any", q: "", sort: "created", order: "desc", status: "", twoStep: "", passkey: "", social: "", brand: "", createdFrom: "", createdTo: "", signedInFrom: "", signedInTo: "" };
const PATH = "/en/console/users";

test("a search with filters goes into the address, only what was given", async () => {
  const t = messages.en.console.users;
  renderIn("en", <UserSearchForm path={PATH} initial={blank} />);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(t.query), "ann");
  await user.selectOptions(screen.getByLabelText(t.filter.status), "banned");
  await user.selectOptions(screen.getByLabelText(t.filter.twoStep), "yes");
  await user.type(screen.getByLabelText(t.filter.createdFrom), "2026-01-01");
  await user.selectOptions(screen.getByLabelText(t.sort), "email");
  await user.click(screen.getByRole("button", { name: t.search }));
  expect(push).toHaveBeenCalledWith(`${PATH}?q=ann&status=banned&twoStep=yes&createdFrom=2026-01-01&sort=email&order=desc`);
});

test.each(["en", "zh"] as const)("a day that does not exist, or a range that ends before it starts, is marked on its field and nothing is asked (%s)", async (lang) => {
  const t = messages[lang].console;
  renderIn(lang, <UserSearchForm path={PATH} initial={blank} />);
  const user = userEvent.setup();
  const from = screen.getByLabelText(t.users.filter.createdFrom);
  await user.type(from, "2026-02-30");
  await user.click(screen.getByRole("button", { name: t.users.search }));
  expect(from).toHaveAttribute("aria-invalid", "true");
  expect(from).toHaveAccessibleDescription(t.fields.createdFrom);
  expect(push).not.toHaveBeenCalled();

  await user.clear(from);
  await user.type(from, "2026-05-01");
  const to = screen.getByLabelText(t.users.filter.signedInTo);
  await user.type(screen.getByLabelText(t.users.filter.signedInFrom), "2026-05-02");
  await user.type(to, "2026-05-01");
  await user.click(screen.getByRole("button", { name: t.users.search }));
  expect(to).toHaveAccessibleDescription(t.fields.signedInTo);
  expect(push).not.toHaveBeenCalled();
});
