"use client";

import { forwardRef, useId, type SelectHTMLAttributes } from "react";
import { useForm } from "react-hook-form";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { SEARCH_MAX, USER_SEARCH_FIELDS, USER_SORTS, USER_STATUSES, YES_NO } from "@/lib/contract/console/user-search-options";
import { userSearchFormSchema, type UserSearchFormInput } from "@/lib/validation/console";
import { formResolver } from "@/lib/validation/form-resolver";
import { searchHref } from "@/lib/console/user-search-href";
import { Field } from "@/components/ui/field";
import { useConsoleText } from "./use-console-text";

type Option = { value: string; label: string };
type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & { label: string; options: Option[]; error?: string };

const control = "h-10 rounded-lg border border-gray-300 bg-white px-3 text-sm focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary-strong";

const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select({ label, options, error, ...rest }, ref) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1 text-sm font-medium text-gray-800">
      <label htmlFor={id}>{label}</label>
      <select id={id} ref={ref} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} className={control} {...rest}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
});

const DATES = ["createdFrom", "createdTo", "signedInFrom", "signedInTo"] as const;

/**
 * The Users screen's one search box with its filters and sort (react-hook-form and the one
 * resolver): a refused filter is marked on its field and nothing is asked; a good one goes into
 * the address, where the server page reads it (and the services check it again).
 */
export function UserSearchForm({ path, initial }: { path: string; initial: UserSearchFormInput }) {
  const t = useTranslations("console.users");
  const tStatus = useTranslations("console.status");
  const text = useConsoleText();
  const router = useRouter();
  const form = useForm<UserSearchFormInput>({ resolver: formResolver(userSearchFormSchema), defaultValues: initial });
  const { errors } = form.formState;
  const noFilter = { value: "", label: t("anyValue") };
  const yesNo = [noFilter, ...YES_NO.map((value) => ({ value, label: t(value) }))];
  const submit = form.handleSubmit((values) => router.push(searchHref(path, values)));

  return (
    <form method="get" action={path} role="search" noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4">
      <div className="flex flex-wrap items-end gap-3">
        <Select label={t("by")} options={USER_SEARCH_FIELDS.map((value) => ({ value, label: t(`fields.${value}`) }))} error={text.field(errors.by?.message)} {...form.register("by")} />
        <div className="min-w-0 flex-1">
          <Field label={t("query")} type="search" maxLength={SEARCH_MAX} hint={t("hint")} error={text.field(errors.q?.message)} {...form.register("q")} />
        </div>
      </div>
      <fieldset className="flex flex-wrap items-end gap-3">
        <legend className="mb-2 text-sm font-semibold text-gray-900">{t("filters")}</legend>
        <Select label={t("filter.status")} options={[noFilter, ...USER_STATUSES.map((value) => ({ value, label: tStatus(value) }))]} error={text.field(errors.status?.message)} {...form.register("status")} />
        <Select label={t("filter.twoStep")} options={yesNo} error={text.field(errors.twoStep?.message)} {...form.register("twoStep")} />
        <Select label={t("filter.passkey")} options={yesNo} error={text.field(errors.passkey?.message)} {...form.register("passkey")} />
        <Field label={t("filter.social")} autoComplete="off" error={text.field(errors.social?.message)} {...form.register("social")} />
        <Field label={t("filter.brand")} autoComplete="off" error={text.field(errors.brand?.message)} {...form.register("brand")} />
        {DATES.map((name) => (
          <Field key={name} label={t(`filter.${name}`)} placeholder="2026-01-31" inputMode="numeric" autoComplete="off" error={text.field(errors[name]?.message)} {...form.register(name)} />
        ))}
      </fieldset>
      <div className="flex flex-wrap items-end gap-3">
        <Select label={t("sort")} options={USER_SORTS.map((value) => ({ value, label: t(`sorts.${value}`) }))} error={text.field(errors.sort?.message)} {...form.register("sort")} />
        <Select label={t("order")} options={[{ value: "desc", label: t("descending") }, { value: "asc", label: t("ascending") }]} error={text.field(errors.order?.message)} {...form.register("order")} />
        <button type="submit" className="h-10 rounded-lg bg-primary px-4 text-sm font-semibold text-primary-ink hover:bg-primary-hover focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary-strong">
          {t("search")}
        </button>
      </div>
    </form>
  );
}
