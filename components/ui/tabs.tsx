"use client";

import { clsx } from "clsx";
import { createContext, useContext, useId, useState, type KeyboardEvent, type ReactNode } from "react";

/**
 * Accessible tabs (WAI-ARIA tabs pattern: tablist/tab/tabpanel, roving tab stop, arrow keys,
 * Home/End, automatic activation), styled as a segmented switch. A few lines of our own rather
 * than a component library: the login page carries them, and its script budget is tight.
 */
type TabsState = { value: string; select: (value: string) => void; id: string };
const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error("Tabs parts must be inside <Tabs>");
  return state;
}

const tabId = (id: string, value: string) => `${id}-tab-${value}`;
const panelId = (id: string, value: string) => `${id}-panel-${value}`;

type TabsProps = { className?: string; children: ReactNode } & (
  | { value: string; onValueChange: (value: string) => void; defaultValue?: undefined }
  | { defaultValue: string; value?: undefined; onValueChange?: (value: string) => void }
);

/** Controlled (`value` and `onValueChange`) or not (`defaultValue`). */
export function Tabs({ value, defaultValue, onValueChange, className, children }: TabsProps) {
  const id = useId();
  const [own, setOwn] = useState(defaultValue ?? "");
  const current = value ?? own;
  const select = (next: string) => {
    setOwn(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext.Provider value={{ value: current, select, id }}>
      <div className={className}>{children}</div>
    </TabsContext.Provider>
  );
}

export function TabsList({ className, children, "aria-label": label }: { className?: string; children: ReactNode; "aria-label"?: string }) {
  function move(event: KeyboardEvent<HTMLDivElement>) {
    const keys = ["ArrowLeft", "ArrowRight", "Home", "End"];
    if (!keys.includes(event.key)) return;
    const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not([disabled])')];
    const current = tabs.indexOf(document.activeElement as HTMLButtonElement);
    const last = tabs.length - 1;
    const next =
      event.key === "Home" ? 0 : event.key === "End" ? last : event.key === "ArrowRight" ? (current + 1) % tabs.length : (current - 1 + tabs.length) % tabs.length;
    event.preventDefault();
    tabs[next]?.focus();
    tabs[next]?.click();
  }
  return (
    <div role="tablist" aria-label={label} aria-orientation="horizontal" onKeyDown={move} className={clsx("grid auto-cols-fr grid-flow-col gap-1 rounded-lg bg-gray-100 p-1", className)}>
      {children}
    </div>
  );
}

export function TabsTrigger({ value, disabled, className, children }: { value: string; disabled?: boolean; className?: string; children: ReactNode }) {
  const tabs = useTabs();
  const active = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabId(tabs.id, value)}
      aria-selected={active}
      aria-controls={panelId(tabs.id, value)}
      tabIndex={active ? 0 : -1}
      disabled={disabled}
      data-state={active ? "active" : "inactive"}
      onClick={() => tabs.select(value)}
      className={clsx(
        "h-9 rounded-md px-3 text-sm text-gray-700 transition-colors hover:text-gray-900",
        "data-[state=active]:bg-white data-[state=active]:font-semibold data-[state=active]:text-primary-strong data-[state=active]:shadow-sm",
        className,
      )}
    >
      {children}
    </button>
  );
}

export function TabsContent({ value, className, children }: { value: string; className?: string; children: ReactNode }) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  return (
    <div role="tabpanel" id={panelId(tabs.id, value)} aria-labelledby={tabId(tabs.id, value)} tabIndex={0} className={clsx("rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-strong", className)}>
      {children}
    </div>
  );
}
