/**
 * A list kept in the messages files (paragraphs, steps, course sections). Precompiled messages
 * (next.config.mjs) keep no arrays: a list comes back from `t.raw` as an object keyed "0", "1",
 * …, while the plain files (tests) give an array. Both shapes are read here, in order.
 */
export function messageList(raw: unknown): unknown[] {
  if (Array.isArray(raw)) return raw;
  if (raw === null || typeof raw !== "object") return [];
  return Object.entries(raw)
    .filter(([key]) => /^\d+$/.test(key))
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, value]) => value);
}

/** A list of plain texts (no placeholders: a precompiled text with one is not a string). */
export function textList(raw: unknown): string[] {
  return messageList(raw).filter((value): value is string => typeof value === "string");
}

/** A list of titled sections, each with its points. */
export function sectionList(raw: unknown): { title: string; points: string[] }[] {
  return messageList(raw).flatMap((value) => {
    if (value === null || typeof value !== "object" || !("title" in value) || typeof value.title !== "string") return [];
    return [{ title: value.title, points: textList("points" in value ? value.points : undefined) }];
  });
}
