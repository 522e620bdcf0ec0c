import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createOperatorAction } from "@/lib/actions/console/operators";
import { CreateOperator } from "@/components/console/create-operator";
import { messages, renderIn } from "../support/render";

jest.mock("@/lib/actions/console/operators", () => ({ createOperatorAction: jest.fn() }));
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh: jest.fn() }) }));

const create = jest.mocked(createOperatorAction);

test.each(["en", "zh"] as const)("an operator without a name: the name field is marked with its own message, nothing is sent (%s)", async (lang) => {
  const t = messages[lang].console;
  renderIn(lang, <CreateOperator lang={lang} />);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(t.operators.email), "new-op@example.test");
  await user.type(screen.getByLabelText(t.operators.reason), "new hire, ticket 12");
  await user.click(screen.getByRole("button", { name: t.operators.create }));
  const name = screen.getByLabelText(t.operators.name);
  expect(name).toHaveAttribute("aria-invalid", "true");
  expect(name).toHaveAccessibleDescription(t.fields.name);
  expect(name).toHaveFocus();
  expect(create).not.toHaveBeenCalled();
});
