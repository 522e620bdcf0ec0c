"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import type { VerificationSetup } from "@/lib/validation/verification";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { SecuritySection } from "./section";
import { SetPasswordDialog } from "./set-password-dialog";
import type { SecurityPageRef } from "./page-ref";

/**
 * The password card of an account made by social sign-in, which has no password yet: an offer
 * to set one (then the usual password card shows, after the page reloads its data).
 */
export function FirstPasswordSection({ page, email, verification }: { page: SecurityPageRef; email: string; verification: VerificationSetup }) {
  const t = useTranslations("security.setPassword");
  const hydrated = useHydrated();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  return (
    <SecuritySection
      id="password"
      title={t("sectionTitle")}
      description={t("sectionDescription")}
      action={
        <SetPasswordDialog
          page={page}
          email={email}
          verification={verification}
          open={open}
          onOpenChange={setOpen}
          trigger={
            <Button variant="secondary" className="h-9" disabled={!hydrated}>
              {t("open")}
            </Button>
          }
          onDone={() => router.refresh()}
        />
      }
    />
  );
}
