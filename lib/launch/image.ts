const MAX_IMAGE_LENGTH = 2048;

/**
 * The launch image is shown in an <img>, and a same-origin address there would be requested with
 * the visitor's cookies (a page such as /en/login?ut=… must never be one). So only the portal's
 * own static images (/images/…, an image file name, no query) or an https image on a configured
 * host (IMAGE_HOSTS) are taken; anything else shows the default image.
 */
const OWN_IMAGE = /^\/images\/[A-Za-z0-9_-][A-Za-z0-9_./-]*\.(?:svg|png|jpe?g|webp|avif|gif)$/i;

export function safeImage(value: string, imageHosts: readonly string[]): string | null {
  if (value.length > MAX_IMAGE_LENGTH || /[\s\\%]/.test(value)) return null;
  if (value.startsWith("/")) return OWN_IMAGE.test(value) && !value.includes("..") && !value.includes("//") ? value : null;
  try {
    const url = new URL(value);
    const allowed = imageHosts.includes(url.hostname.toLowerCase()) && url.port === "";
    return url.protocol === "https:" && !url.username && !url.password && allowed ? url.href : null;
  } catch {
    return null;
  }
}
