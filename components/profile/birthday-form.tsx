"use client";

import { useId } from "react";
import { useForm, useWatch } from "react-hook-form";
import { formResolver } from "@/lib/validation/form-resolver";
import { clsx } from "clsx";
import { useTranslations } from "next-intl";
import { birthdaySchema, todayIso, type BirthdayInput } from "@/lib/validation/profile";
import type { PageRef } from "@/lib/session/action-result";
import { saveBirthdayAction } from "@/lib/actions/profile";
import { FormBody } from "@/components/ui/form-body";
import { useHydrated } from "@/components/ui/use-hydrated";
import { BirthdayPicker } from "./birthday-picker";
import { SaveBar } from "./save-bar";
import { useFieldSave } from "./use-field-save";
import { useProfileErrorText } from "./use-profile-error-text";

/**
 * Birthday, required (SPEC §5): typed as YYYY-MM-DD or picked from the calendar, never after
 * today (PATCH /v1/user/birthday). Shown as YYYY-MM-DD in every language.
 */
export function BirthdayForm({ page, birthday, inputId }: { page: PageRef; birthday: string | null; inputId: string }) {
  const t = useTranslations("profile.birthday");
  const text = useProfileErrorText();
  const hydrated = useHydrated();
  const { state, notice, save, edited } = useFieldSave();
  const hintId = useId();
  const errorId = `${inputId}-error`;
  const { register, handleSubmit, formState, setError, setValue, control, reset } = useForm<BirthdayInput>({
    resolver: formResolver(birthdaySchema),
    defaultValues: { birthday: birthday ?? "" },
  });
  const value = useWatch({ control, name: "birthday" }) ?? "";
  const error = text.field(formState.errors.birthday?.message);

  const onSubmit = handleSubmit(async (input) => {
    // What is saved is what the field shows: "2000/1/2" becomes 2000-01-02.
    setValue("birthday", input.birthday);
    const saved = await save(
      () => saveBirthdayAction(input, page),
      (fields) => {
        if (!fields.birthday) return false;
        setError("birthday", { message: fields.birthday });
        return true;
      },
    );
    if (saved) reset(input);
  });

  return (
    <form onSubmit={onSubmit} noValidate onChange={edited} className="flex flex-col gap-4">
      <FormBody>
        <div className="flex flex-col gap-1.5">
          <div className="relative flex w-full max-w-xs items-center">
            <input
              id={inputId}
              inputMode="numeric"
              autoComplete="bday"
              placeholder={t("placeholder")}
              aria-required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : hintId}
              className={clsx(
                "h-11 w-full rounded-lg border bg-white pl-3 pr-12 text-sm tabular-nums text-gray-900 placeholder:text-gray-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-strong",
                error ? "border-danger" : "border-gray-300",
              )}
              {...register("birthday")}
            />
            <div className="absolute right-1">
              <BirthdayPicker
                value={value}
                latest={todayIso()}
                lang={page.lang}
                disabled={!hydrated}
                onPick={(picked) => {
                  setValue("birthday", picked, { shouldDirty: true, shouldValidate: formState.isSubmitted });
                  edited();
                }}
              />
            </div>
          </div>
          {error ? (
            <p id={errorId} role="alert" className="text-xs text-danger">
              {error}
            </p>
          ) : (
            <p id={hintId} className="text-xs text-muted">
              {t("hint")}
            </p>
          )}
        </div>
        <SaveBar state={state} notice={notice} dirty={formState.isDirty} />
      </FormBody>
    </form>
  );
}
