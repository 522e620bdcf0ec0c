"use client";

import { lazyPart } from "@/components/ui/lazy-part";
import { Loading } from "./lazy";

/** The emailed-code login, loaded when its tab is opened (lazy.tsx says why). */
export const CodeLoginForm = lazyPart(() => import("./code-login-form").then((module) => module.CodeLoginForm), Loading);
