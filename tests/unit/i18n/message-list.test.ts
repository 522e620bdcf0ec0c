import { sectionList, textList } from "@/lib/i18n/message-list";

describe("lists in the messages files", () => {
  it("read the same from a plain array and from a precompiled catalogue's numbered object", () => {
    expect(textList(["a", "b", "c"])).toEqual(["a", "b", "c"]);
    expect(textList({ 2: "c", 0: "a", 1: "b", 10: "k" })).toEqual(["a", "b", "c", "k"]);
    expect(textList(undefined)).toEqual([]);
  });

  it("read titled sections with their points", () => {
    expect(sectionList({ 0: { title: "Eyes", points: { 0: "Glasses", 1: "Labels" } }, 1: { title: "Fire", points: ["Extinguisher"] } })).toEqual([
      { title: "Eyes", points: ["Glasses", "Labels"] },
      { title: "Fire", points: ["Extinguisher"] },
    ]);
  });
});
