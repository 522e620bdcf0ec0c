import { screen } from "@testing-library/react";
import type { ActionError } from "@/lib/session/action-result";
import { useErrorText } from "@/components/auth/use-error-text";
import { messages, renderIn } from "../support/render";

function Shown({ error }: { error: ActionError }) {
  return <p>{useErrorText().action(error)}</p>;
}

/** SPEC §8: an input refused by the server says what is wrong with it, in both languages. */
test.each(["en", "zh"] as const)("a refused email reads 'Invalid email address', not the generic message (%s)", (lang) => {
  renderIn(lang, <Shown error={{ code: 10001, fields: { email: "emailInvalid" } }} />);
  expect(screen.getByText(messages[lang].validation.emailInvalid)).toBeVisible();
  expect(screen.queryByText(messages[lang].errors["10001"])).toBeNull();
});

test("an error without field messages keeps its code's message", () => {
  renderIn("en", <Shown error={{ code: 10001 }} />);
  expect(screen.getByText(messages.en.errors["10001"])).toBeVisible();
});
