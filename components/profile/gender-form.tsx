"use client";

import { useForm } from "react-hook-form";
import { formResolver } from "@/lib/validation/form-resolver";
import { useTranslations } from "next-intl";
import { genderSchema, type GenderInput } from "@/lib/validation/profile";
import type { PageRef } from "@/lib/session/action-result";
import { saveGenderAction } from "@/lib/actions/profile";
import { FormBody } from "@/components/ui/form-body";
import { SaveBar } from "./save-bar";
import { useFieldSave } from "./use-field-save";
import { useProfileErrorText } from "./use-profile-error-text";

const OPTIONS = ["male", "female"] as const;

/** Gender, required (SPEC §5): a radio group labelled by its row's title (PATCH /v1/user/gender). */
export function GenderForm({ page, gender, labelledBy }: { page: PageRef; gender: GenderInput["gender"] | null; labelledBy: string }) {
  const t = useTranslations("settings.genderValue");
  const text = useProfileErrorText();
  const { state, notice, save, edited } = useFieldSave();
  const { register, handleSubmit, formState, setError, reset } = useForm<GenderInput>({
    resolver: formResolver(genderSchema),
    defaultValues: gender ? { gender } : {},
  });
  const error = text.field(formState.errors.gender?.message);
  const errorId = `${labelledBy}-error`;

  const onSubmit = handleSubmit(async (input) => {
    const saved = await save(
      () => saveGenderAction(input, page),
      (fields) => {
        if (!fields.gender) return false;
        setError("gender", { message: fields.gender });
        return true;
      },
    );
    if (saved) reset(input);
  });

  return (
    <form onSubmit={onSubmit} noValidate onChange={edited} className="flex flex-col gap-4">
      <FormBody>
        <div
          role="radiogroup"
          aria-labelledby={labelledBy}
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="flex flex-wrap gap-3"
        >
          {OPTIONS.map((option) => (
            <label
              key={option}
              className="flex h-11 min-w-28 cursor-pointer items-center gap-2.5 rounded-lg border border-gray-300 bg-white px-4 text-sm text-gray-900 transition-colors hover:border-gray-400 has-checked:border-primary-strong has-checked:bg-green-50 has-checked:font-medium has-focus-visible:ring-2 has-focus-visible:ring-primary-strong"
            >
              <input type="radio" value={option} className="size-4 accent-primary-strong focus-visible:outline-none" {...register("gender")} />
              {t(option)}
            </label>
          ))}
        </div>
        {error ? (
          <p id={errorId} role="alert" className="text-xs text-danger">
            {error}
          </p>
        ) : null}
        <SaveBar state={state} notice={notice} dirty={formState.isDirty} />
      </FormBody>
    </form>
  );
}
