"use client";

import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { clsx } from "clsx";
import { useTranslations } from "next-intl";
import type { RegionItem } from "@/lib/contract/user";
import { countryFormSchema, type CountryFormInput } from "@/lib/validation/profile";
import { formResolver } from "@/lib/validation/form-resolver";
import type { PageRef } from "@/lib/session/action-result";
import { saveCountryAction } from "@/lib/actions/profile";
import { FormBody } from "@/components/ui/form-body";
import { SaveBar } from "./save-bar";
import { useFieldSave } from "./use-field-save";
import { useProfileErrorText } from "./use-profile-error-text";
import { useRegions } from "./use-regions";

const selectClass =
  "h-11 w-full appearance-none rounded-lg border bg-white bg-[length:1.25rem] bg-[right_0.6rem_center] bg-no-repeat pl-3 pr-9 text-sm text-gray-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-strong disabled:bg-gray-50 disabled:text-gray-500";
const chevron = { backgroundImage: "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 20 20' fill='%235c6370'%3E%3Cpath d='M5.3 7.3 10 12l4.7-4.7 1 1L10 14 4.3 8.3z'/%3E%3C/svg%3E\")" };

type Props = {
  page: PageRef;
  countries: RegionItem[];
  country: number | null;
  region: number | null;
  /** the saved country's regions, loaded with the page */
  initialRegions: RegionItem[] | null;
  labelledBy: string;
};

/** Country, then one of its regions from GET /api/regions/{id} (PATCH /v1/user/country). */
export function CountryForm({ page, countries, country: savedCountry, region: savedRegion, initialRegions, labelledBy }: Props) {
  const t = useTranslations("profile.location");
  const text = useProfileErrorText();
  const { state, notice, save, edited } = useFieldSave();
  const id = useId();
  const [saved, setSaved] = useState({ country: savedCountry, region: savedRegion });
  const form = useForm<CountryFormInput>({ resolver: formResolver(countryFormSchema), defaultValues: { country: savedCountry, region: savedRegion } });
  const [country, region] = useWatch({ control: form.control, name: ["country", "region"] });
  const error = text.field(form.formState.errors.country?.message);
  const initial = savedCountry !== null && initialRegions ? { country: savedCountry, regions: initialRegions } : null;
  const regions = useRegions(country, page.lang, page.query, initial);
  const list = regions.data ?? [];
  const loading = country !== null && regions.isLoading && !regions.data;

  const onSubmit = form.handleSubmit(async (values) => {
    if (values.country === null) return;
    const chosen = { country: values.country, region: values.region };
    if (await save(() => saveCountryAction(chosen, page))) setSaved(chosen);
  });

  const errorId = `${id}-error`;
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby={labelledBy} className="flex flex-col gap-4">
      <FormBody>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-country`} className="text-sm font-medium text-gray-800">
              {t("country")}
            </label>
            {/* held by the form and followed by useWatch (no Controller, whose code every page with a
                form would load); registered for its ref, so a refusal focuses the select */}
            <select
                  id={`${id}-country`}
                  {...form.register("country")}
                  // the form holds a number or null: the DOM's text is never read back on blur
                  onBlur={undefined}
                  value={country ?? ""}
                  onChange={(event) => {
                    // a new country starts without a region
                    form.setValue("country", event.target.value ? Number(event.target.value) : null, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
                    form.setValue("region", null);
                    edited();
                  }}
                  aria-required
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  className={clsx(selectClass, error ? "border-danger" : "border-gray-300")}
                  style={chevron}
                >
                  <option value="">{t("chooseCountry")}</option>
                  {countries.map((item) => (
                    <option key={item.id} value={item.id}>
                      {item.name}
                    </option>
                  ))}
                </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-region`} className="text-sm font-medium text-gray-800">
              {t("region")}
            </label>
            <select
                  id={`${id}-region`}
                  {...form.register("region")}
                  // the form holds a number or null: the DOM's text is never read back on blur
                  onBlur={undefined}
                  value={region ?? ""}
                  onChange={(event) => {
                    form.setValue("region", event.target.value ? Number(event.target.value) : null, { shouldDirty: true });
                    edited();
                  }}
                  disabled={country === null || loading || list.length === 0}
                  aria-busy={loading || undefined}
                  className={clsx(selectClass, "border-gray-300")}
                  style={chevron}
                >
                  <option value="">{loading ? t("loading") : country !== null && !regions.error && list.length === 0 ? t("noRegions") : t("noRegion")}</option>
                  {list.map((item) => (
                    <option key={item.id} value={item.id}>
                      {item.name}
                    </option>
                  ))}
                </select>
            {regions.error ? (
              <p role="alert" className="text-xs text-danger">
                {text.action({ code: regions.error.code })}
              </p>
            ) : null}
          </div>
        </div>
        {error ? (
          <p id={errorId} role="alert" className="text-xs text-danger">
            {error}
          </p>
        ) : null}
        <SaveBar state={state} notice={notice} dirty={country !== saved.country || region !== saved.region} />
      </FormBody>
    </form>
  );
}
