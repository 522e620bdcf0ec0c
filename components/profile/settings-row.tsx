import type { ReactNode } from "react";

/**
 * One row of the user centre: its title on the left (a label when it names a single control,
 * else a heading the row's controls refer to) and the controls on the right; stacked on phones.
 */
export function SettingsRow({ id, title, description, labelFor, children }: { id: string; title: string; description?: string; labelFor?: string; children: ReactNode }) {
  const titleClass = "text-sm font-semibold text-gray-900";
  return (
    <div className="grid gap-3 py-6 first:pt-0 last:pb-0 md:grid-cols-[11rem_minmax(0,1fr)] md:gap-8">
      <div className="md:pt-2.5">
        {labelFor ? (
          <label id={id} htmlFor={labelFor} className={titleClass}>
            {title}
          </label>
        ) : (
          <h2 id={id} className={titleClass}>
            {title}
          </h2>
        )}
        {description ? <p className="mt-1 text-xs leading-relaxed text-muted">{description}</p> : null}
      </div>
      <div className="min-w-0">{children}</div>
    </div>
  );
}
