"use client";

import { useState, type CSSProperties } from "react";
import * as Popover from "@radix-ui/react-popover";
import { DayPicker } from "react-day-picker";
import { enUS, zhCN } from "react-day-picker/locale";
import { format } from "date-fns";
import { useTranslations } from "next-intl";
import "react-day-picker/style.css";

/** DayPicker in the brand's colours (its variables beat any utility class, so they are set inline). */
const PICKER_STYLE: CSSProperties & Record<`--${string}`, string> = {
  "--rdp-accent-color": "var(--color-primary-strong)",
  "--rdp-accent-background-color": "#ecfdf3",
  "--rdp-day-height": "40px",
  "--rdp-day-width": "40px",
  "--rdp-day_button-height": "38px",
  "--rdp-day_button-width": "38px",
};

/** A local date for a YYYY-MM-DD string, or undefined when it is not one. */
export function dateOf(value: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return format(date, "yyyy-MM-dd") === value ? date : undefined;
}

/**
 * The calendar button beside the birthday input: a month grid in a popover, with month and year
 * selects to reach any year since 1900 quickly; days after `latest` cannot be picked.
 */
export function BirthdayPicker({ value, latest, lang, onPick, disabled }: { value: string; latest: string; lang: string; onPick: (value: string) => void; disabled?: boolean }) {
  const t = useTranslations("profile.birthday");
  const [open, setOpen] = useState(false);
  const selected = dateOf(value);
  const last = dateOf(latest) ?? new Date();
  const first = new Date(1900, 0, 1);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button
          type="button"
          disabled={disabled}
          aria-label={t("openCalendar")}
          className="flex size-9 items-center justify-center rounded-md text-gray-600 hover:bg-gray-100 hover:text-gray-900 disabled:opacity-60"
        >
          <svg aria-hidden viewBox="0 0 24 24" className="size-5 fill-none stroke-current" strokeWidth={1.8} strokeLinecap="round">
            <rect x="3.5" y="5" width="17" height="15.5" rx="2.5" />
            <path d="M3.5 10h17M8 3v4M16 3v4" />
          </svg>
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          aria-label={t("calendar")}
          // DayPicker focuses the selected day (or the latest allowed one) itself.
          onOpenAutoFocus={(event) => event.preventDefault()}
          className="z-50 rounded-xl border border-gray-200 bg-white p-3 text-sm text-gray-900 shadow-xl"
        >
          <DayPicker
            mode="single"
            required
            autoFocus
            captionLayout="dropdown"
            reverseYears
            locale={lang === "zh" ? zhCN : enUS}
            startMonth={first}
            endMonth={last}
            defaultMonth={selected ?? new Date(last.getFullYear() - 20, 0, 1)}
            selected={selected}
            disabled={[{ before: first }, { after: last }]}
            onSelect={(date) => {
              onPick(format(date, "yyyy-MM-dd"));
              setOpen(false);
            }}
            style={PICKER_STYLE}
            // rdp-selected keeps the library's own marking; the fill must beat its unlayered `background: none`.
            modifiersClassNames={{ selected: "rdp-selected [&>button]:bg-primary-strong! [&>button]:text-white!" }}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
