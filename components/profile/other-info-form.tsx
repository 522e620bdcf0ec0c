"use client";

import { useId } from "react";
import { useForm, useWatch } from "react-hook-form";
import { formResolver } from "@/lib/validation/form-resolver";
import { clsx } from "clsx";
import { useTranslations } from "next-intl";
import { INTRODUCTION_MAX, NICKNAME_MAX } from "@/lib/contract/profile-rules";
import { otherInfoSchema, type OtherInfoInput } from "@/lib/validation/profile";
import type { PageRef } from "@/lib/session/action-result";
import { saveOtherInfoAction } from "@/lib/actions/profile";
import { FormBody } from "@/components/ui/form-body";
import { CharacterCount } from "./character-count";
import { SaveBar } from "./save-bar";
import { resyncPasskeys } from "@/components/security/passkey-signals";
import { useFieldSave } from "./use-field-save";
import { useProfileErrorText } from "./use-profile-error-text";

const inputClass =
  "w-full rounded-lg border bg-white px-3 text-sm text-gray-900 placeholder:text-gray-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-strong";

/** Nickname and introduction, saved together (PATCH /v1/user/otherinfo), each with its counter. */
export function OtherInfoForm({ page, nickname, introduction }: { page: PageRef; nickname: string; introduction: string }) {
  const t = useTranslations("profile.about");
  const labels = useTranslations("settings");
  const text = useProfileErrorText();
  const { state, notice, save, edited } = useFieldSave();
  const id = useId();
  const { register, handleSubmit, formState, setError, control, reset } = useForm<OtherInfoInput>({
    resolver: formResolver(otherInfoSchema),
    defaultValues: { nickname, introduction },
  });
  const { errors } = formState;
  const [nicknameValue = "", introductionValue = ""] = useWatch({ control, name: ["nickname", "introduction"] });

  const onSubmit = handleSubmit(async (input) => {
    const saved = await save(
      () => saveOtherInfoAction(input, page),
      (fields) => {
        let known = false;
        for (const [name, key] of Object.entries(fields)) {
          if (name === "nickname" || name === "introduction") {
            setError(name, { message: key });
            known = true;
          }
        }
        return known;
      },
    );
    // What was saved (trimmed) is the new starting point.
    if (saved) {
      reset(input);
      // the passkeys' display name is the nickname: the browser hears the new one
      void resyncPasskeys(page);
    }
  });

  const nicknameError = text.field(errors.nickname?.message);
  const introductionError = text.field(errors.introduction?.message);
  return (
    <form onSubmit={onSubmit} noValidate onChange={edited} className="flex flex-col gap-4">
      <FormBody>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-nickname`} className="text-sm font-medium text-gray-800">
            {labels("nickname")}
          </label>
          <input
            id={`${id}-nickname`}
            autoComplete="nickname"
            placeholder={t("nicknamePlaceholder")}
            aria-invalid={nicknameError ? true : undefined}
            aria-describedby={clsx(`${id}-nickname-count`, nicknameError && `${id}-nickname-error`)}
            className={clsx(inputClass, "h-11", nicknameError ? "border-danger" : "border-gray-300")}
            {...register("nickname")}
          />
          <div className="flex items-start justify-between gap-3">
            <p id={`${id}-nickname-error`} role={nicknameError ? "alert" : undefined} className="text-xs text-danger">
              {nicknameError}
            </p>
            <CharacterCount id={`${id}-nickname-count`} value={nicknameValue} max={NICKNAME_MAX} />
          </div>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-introduction`} className="text-sm font-medium text-gray-800">
            {labels("introduction")}
          </label>
          <textarea
            id={`${id}-introduction`}
            rows={4}
            placeholder={t("introductionPlaceholder")}
            aria-invalid={introductionError ? true : undefined}
            aria-describedby={clsx(`${id}-introduction-count`, introductionError && `${id}-introduction-error`)}
            className={clsx(inputClass, "resize-y py-2.5 leading-relaxed", introductionError ? "border-danger" : "border-gray-300")}
            {...register("introduction")}
          />
          <div className="flex items-start justify-between gap-3">
            <p id={`${id}-introduction-error`} role={introductionError ? "alert" : undefined} className="text-xs text-danger">
              {introductionError}
            </p>
            <CharacterCount id={`${id}-introduction-count`} value={introductionValue} max={INTRODUCTION_MAX} />
          </div>
        </div>
        <SaveBar state={state} notice={notice} dirty={formState.isDirty} />
      </FormBody>
    </form>
  );
}
