"use client";

import { useTranslations } from "next-intl";
import type { DeviceSecurity } from "@/lib/upstream/security";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { ConfirmDialog } from "./confirm-dialog";
import { LocalTime } from "./local-time";
import { Badge } from "./section";

type Props = { devices: DeviceSecurity["devices"]; busy: boolean; onForget: (id: string) => Promise<string | null> };

/** One page of the known devices, each of which can be forgotten after a confirmation. */
export function KnownDeviceList({ devices, busy, onForget }: Props) {
  const t = useTranslations("security.devices");
  const hydrated = useHydrated();
  if (devices.length === 0) return <p className="text-sm text-muted">{t("none")}</p>;
  return (
    <ul aria-label={t("knownDevices")} aria-busy={busy || undefined} className="divide-y divide-gray-100 rounded-lg border border-gray-200">
      {devices.map((device) => (
        <li key={device.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-gray-900">
              <span className="truncate">{device.name || t("unnamed")}</span>
              {device.current ? <Badge tone="success">{t("thisDevice")}</Badge> : null}
            </p>
            <p className="mt-0.5 text-xs text-muted tabular-nums">
              {t("firstSeen")} <LocalTime iso={device.firstSeen} /> · {t("lastSeen")} <LocalTime iso={device.lastSeen} />
            </p>
          </div>
          <ConfirmDialog
            trigger={
              <Button variant="secondary" className="h-8 self-start px-3 text-xs sm:self-center" disabled={!hydrated}>
                {t("remove")}
              </Button>
            }
            title={t("removeTitle")}
            description={device.current ? t("removeCurrentDescription") : t("removeDescription", { name: device.name || t("unnamed") })}
            confirmLabel={t("removeConfirm")}
            onConfirm={() => onForget(device.id)}
          />
        </li>
      ))}
    </ul>
  );
}
