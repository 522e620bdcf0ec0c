"use client";

import { useEffect } from "react";
import { announce } from "@/lib/analytics/announce";

/** Tells analytics who is signed in (SPEC §7: the login id is the user's id, never the email). */
export function AnalyticsIdentity({ loginId }: { loginId: string }) {
  useEffect(() => {
    announce({ event: "identify", loginId });
  }, [loginId]);
  return null;
}
