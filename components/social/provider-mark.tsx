import { clsx } from "clsx";

/** A small mark per provider (its colours and initial), decorative: the label names it. */
const MARKS: Record<string, { letter: string; className: string }> = {
  google: { letter: "G", className: "bg-white text-[#4285F4] ring-1 ring-gray-300" },
  facebook: { letter: "f", className: "bg-[#1877F2] text-white" },
  apple: { letter: "A", className: "bg-black text-white" },
};

export function ProviderMark({ channel }: { channel: string }) {
  const mark = MARKS[channel] ?? { letter: channel.slice(0, 1).toUpperCase(), className: "bg-gray-700 text-white" };
  return (
    <span aria-hidden className={clsx("inline-flex size-5 items-center justify-center rounded-full text-xs font-bold", mark.className)}>
      {mark.letter}
    </span>
  );
}
