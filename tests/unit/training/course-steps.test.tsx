import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CourseSteps } from "@/components/training/course-steps";
import { messages, renderIn } from "../support/render";

/** The pre-use course's last step: "Complete training" waits for the box, as account deletion waits for its ticks. */
it.each(["en", "zh"] as const)("\"Complete training\" cannot be pressed until the box is ticked, and says why (%s)", async (lang) => {
  const t = messages[lang].training;
  const onComplete = jest.fn<Promise<string | null>, []>().mockResolvedValue(null);
  renderIn(lang, <CourseSteps course="laser" onComplete={onComplete} />);
  for (let i = 1; i < t.courses.laser.length; i++) await userEvent.click(screen.getByRole("button", { name: t.preUse.next }));

  const complete = screen.getByRole("button", { name: t.preUse.complete });
  expect(complete).toBeDisabled();
  expect(complete).toHaveAccessibleDescription(messages[lang].validation.trainingConfirm);
  await userEvent.click(complete);
  expect(onComplete).not.toHaveBeenCalled();

  // by keyboard: tick the box, then the button works
  screen.getByRole("checkbox", { name: t.preUse.confirm }).focus();
  await userEvent.keyboard(" ");
  expect(complete).toBeEnabled();
  expect(complete).not.toHaveAccessibleDescription(messages[lang].validation.trainingConfirm);
  await userEvent.tab();
  await userEvent.tab();
  expect(complete).toHaveFocus();
  await userEvent.keyboard("{Enter}");
  expect(onComplete).toHaveBeenCalledTimes(1);
});
