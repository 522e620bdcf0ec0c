"use client";

/**
 * Whether the browser can decode the file as an image: a file that only claims to be a PNG
 * (its type comes from its name) would otherwise be previewed as a broken image and offered for
 * saving. createImageBitmap where the browser has it, else an <img> that loads or fails.
 */
export async function decodesAsImage(file: Blob): Promise<boolean> {
  if (typeof createImageBitmap === "function") {
    try {
      (await createImageBitmap(file)).close();
      return true;
    } catch {
      return false;
    }
  }
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return true;
  } catch {
    return false;
  } finally {
    URL.revokeObjectURL(url);
  }
}
