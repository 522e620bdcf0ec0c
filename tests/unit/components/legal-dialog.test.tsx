import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { LegalDialog } from "@/components/auth/legal-dialog";
import { messages, renderIn } from "../support/render";

/** The privacy policy and terms of use open over the register form and give the focus back when closed. */
test.each(["en", "zh"] as const)("the terms of use open in a dialog and close back to their button (%s)", async (lang) => {
  const user = userEvent.setup();
  const legal = messages[lang].legal;
  renderIn(lang, <LegalDialog doc="terms" />);
  const button = screen.getByRole("button", { name: legal.terms.title });
  expect(screen.queryByRole("dialog")).toBeNull();

  await user.click(button);
  const dialog = await screen.findByRole("dialog", { name: legal.terms.title });
  for (const paragraph of legal.terms.body) expect(dialog).toHaveTextContent(paragraph);
  // its own subtitle, not the privacy policy's
  expect(dialog).toHaveAccessibleDescription(legal.terms.summary);
  expect(dialog).not.toHaveTextContent(legal.privacy.summary);

  await user.keyboard("{Escape}");
  expect(screen.queryByRole("dialog")).toBeNull();
  expect(button).toHaveFocus();

  // a second opening needs no loading
  await user.click(button);
  expect(await screen.findByRole("dialog")).toBeVisible();
  await user.click(screen.getByRole("button", { name: legal.close }));
  expect(button).toHaveFocus();
});
