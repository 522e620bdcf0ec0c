import { clsx } from "clsx";

/** "12/32" under a text control; red once the trimmed text is over the limit. */
export function CharacterCount({ id, value, max }: { id: string; value: string; max: number }) {
  const count = value.trim().length;
  return (
    <span id={id} className={clsx("shrink-0 text-xs tabular-nums", count > max ? "font-semibold text-danger" : "text-muted")}>
      {count}/{max}
    </span>
  );
}
