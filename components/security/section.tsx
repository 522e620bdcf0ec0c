import type { ReactNode } from "react";

/** One card of the account-security page, labelled by its heading. */
export function SecuritySection({
  id,
  title,
  description,
  action,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  /** a control beside the heading (a button or a switch) */
  action?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-gray-200 bg-white p-5 sm:p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="text-base font-semibold text-gray-900">
            {title}
          </h2>
          {description ? <div className="mt-1 text-sm text-muted">{description}</div> : null}
        </div>
        {action ? <div className="shrink-0">{action}</div> : null}
      </div>
      {children ? <div className="mt-4">{children}</div> : null}
    </section>
  );
}

/** A small label: the current session, this device, connected. */
export function Badge({ tone = "neutral", children }: { tone?: "success" | "neutral"; children: ReactNode }) {
  const colours = tone === "success" ? "bg-green-50 text-primary-strong ring-green-200" : "bg-gray-100 text-gray-700 ring-gray-200";
  return <span className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${colours}`}>{children}</span>;
}
