"use client";

import { useState } from "react";
import type { BanItem, Page } from "@/lib/contract/console/screens";
import type { BanInput } from "@/lib/validation/console-forms";
import { BanForm } from "./ban-form";
import { BanTable } from "./ban-table";
import type { ActionResult } from "@/lib/session/action-result";

/** The bans screen's two parts, sharing what was added since the page loaded. */
export function BanScreen({
  list,
  canChange,
  onAdd,
  onRemove,
  previous,
  next,
}: {
  list: Page<BanItem>;
  canChange: boolean;
  onAdd: (input: BanInput) => Promise<ActionResult<{ data: { network: string; added: boolean } }>>;
  onRemove: (network: string, reason: string) => Promise<ActionResult<{ data: { network: string } }>>;
  previous: string | null;
  next: string | null;
}) {
  const [added, setAdded] = useState<BanItem[]>([]);
  return (
    <>
      {canChange ? <BanForm onAdd={onAdd} onAdded={(ban) => setAdded((old) => [ban, ...old.filter((item) => item.network !== ban.network)])} /> : null}
      <BanTable list={list} added={added} canRemove={canChange} onRemove={onRemove} previous={previous} next={next} />
    </>
  );
}
