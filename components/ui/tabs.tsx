"use client";

import * as TabsPrimitive from "@radix-ui/react-tabs";
import { clsx } from "clsx";
import type { ComponentProps } from "react";

/** Accessible tabs on Radix (roving focus, arrow keys, aria-selected), styled as a segmented switch. */
export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...rest }: ComponentProps<typeof TabsPrimitive.List>) {
  return <TabsPrimitive.List {...rest} className={clsx("grid auto-cols-fr grid-flow-col gap-1 rounded-lg bg-gray-100 p-1", className)} />;
}

export function TabsTrigger({ className, ...rest }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      {...rest}
      className={clsx(
        "h-9 rounded-md px-3 text-sm text-gray-700 transition-colors hover:text-gray-900",
        "data-[state=active]:bg-white data-[state=active]:font-semibold data-[state=active]:text-primary-strong data-[state=active]:shadow-sm",
        className,
      )}
    />
  );
}

export function TabsContent({ className, ...rest }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content {...rest} className={clsx("focus-visible:outline-none", className)} />;
}
