"use client";

import { useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useForm } from "react-hook-form";
import { formResolver } from "@/lib/validation/form-resolver";
import { useTranslations } from "next-intl";
import { DEVICE_SN_LENGTH, LIGHT_SOURCES, snPasswordFormSchema, type LightSource, type SnPasswordFormInput } from "@/lib/validation/training";
import { snPasswordAction } from "@/lib/actions/training";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useHydrated } from "@/components/ui/use-hydrated";
import { applyFieldErrors } from "@/components/auth/form-errors";
import { callAction, useErrorText } from "@/components/auth/use-error-text";
import { CopyButton } from "./copy-button";
import type { TrainingPageRef } from "./page-ref";
import { useRefreshSnHistory } from "./use-sn-history";

type Generated = { sn: string; power: LightSource; password: string };

/**
 * The SN password form (SPEC §4, §5): the welder's 23-character SN and its light source. The
 * services make the password only for a user whose full viewing of the video they saw, within a
 * daily budget of new devices, and record it; the history below is fetched again after each one.
 *
 * One user action sends one request. A held Enter key repeats its keydown (about 30 a second),
 * and each repeat submitted the form again as soon as the previous answer had come: holding it
 * for a few seconds sent dozens of requests (issue 20 saw 80). Repeated keydowns are ignored,
 * and a submission while one is under way is dropped before React has re-rendered the button.
 */
export function SnPasswordForm({ page }: { page: TrainingPageRef }) {
  const t = useTranslations("training.sn");
  const text = useErrorText();
  const hydrated = useHydrated();
  const [generated, setGenerated] = useState<Generated | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<SnPasswordFormInput>({
    resolver: formResolver(snPasswordFormSchema),
    defaultValues: { sn: "", power: "1200W" },
  });
  const { errors, isSubmitting } = formState;
  const inFlight = useRef(false);
  const refreshSnHistory = useRefreshSnHistory();

  const send = handleSubmit(async (values) => {
    setFormError(null);
    setGenerated(null);
    const result = await callAction(() => snPasswordAction(values, page));
    if (result.ok) {
      setGenerated({ sn: result.sn, power: result.power, password: result.password });
      void refreshSnHistory();
      return;
    }
    // the services' SN codes belong to the field
    if (result.error.code === 20504 || result.error.code === 20505) {
      setError("sn", { message: result.error.code === 20504 ? "snLength" : "snFormat" });
      return;
    }
    if (!applyFieldErrors(result.error, ["sn", "power"] as const, setError)) setFormError(text.action(result.error));
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (inFlight.current) {
      event.preventDefault();
      return;
    }
    inFlight.current = true;
    try {
      await send(event);
    } finally {
      inFlight.current = false;
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    // a held key's repeats are not new actions: no implicit submission for them
    if (event.key === "Enter" && event.repeat) event.preventDefault();
  }

  return (
    <form onSubmit={onSubmit} onKeyDown={onKeyDown} noValidate aria-labelledby="sn-title" className="flex flex-col gap-4">
      <h3 id="sn-title" className="font-semibold text-gray-900">
        {t("title")}
      </h3>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <Field
        label={t("sn")}
        placeholder={t("snPlaceholder")}
        autoComplete="off"
        spellCheck={false}
        maxLength={DEVICE_SN_LENGTH + 10}
        className="max-w-md"
        error={text.field(errors.sn?.message)}
        {...register("sn")}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-gray-800">{t("power")}</legend>
        <div className="flex gap-4">
          {LIGHT_SOURCES.map((power) => (
            <label key={power} className="flex items-center gap-2 text-sm text-gray-800">
              <input type="radio" value={power} className="size-4 accent-primary-strong" {...register("power")} />
              {power}
            </label>
          ))}
        </div>
        {errors.power?.message ? <p className="text-xs text-danger">{text.field(errors.power.message)}</p> : null}
      </fieldset>
      <Button type="submit" className="self-start" pending={isSubmitting} disabled={!hydrated}>
        {t("generate")}
      </Button>
      {generated ? (
        <div role="status" className="flex flex-col gap-2 rounded-lg border border-green-200 bg-green-50 p-3">
          <p className="text-sm text-gray-800">{t("password", { sn: generated.sn, power: generated.power })}</p>
          <p className="font-mono text-2xl tracking-widest text-gray-900" data-testid="sn-password">
            {generated.password}
          </p>
          <CopyButton value={generated.password} />
        </div>
      ) : null}
    </form>
  );
}
