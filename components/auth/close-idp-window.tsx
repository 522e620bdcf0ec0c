"use client";

import { useEffect } from "react";
import { closeIdentityProviderWindow } from "@/lib/bridge/identity-provider";

/** Closes the window the browser opened for FedCM's sign-in, where the browser can (lib/bridge/identity-provider.ts). Renders nothing. */
export function CloseIdpWindow() {
  useEffect(() => {
    closeIdentityProviderWindow();
  }, []);
  return null;
}
