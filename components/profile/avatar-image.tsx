import { clsx } from "clsx";

/** A round avatar: the image, or the first letter of the name on the brand's tint when there is none. */
export function AvatarImage({ src, alt, initial, onError, className }: { src: string | null; alt: string; initial: string; onError?: () => void; className?: string }) {
  const base = clsx("size-24 shrink-0 rounded-full ring-1 ring-black/5", className);
  if (!src) {
    return (
      <span role="img" aria-label={alt} className={clsx(base, "flex items-center justify-center bg-green-100 text-3xl font-semibold text-primary-strong")}>
        <span aria-hidden>{initial}</span>
      </span>
    );
  }
  // eslint-disable-next-line @next/next/no-img-element -- avatars come from the passport API's storage, already sized by it
  return <img src={src} alt={alt} onError={onError} className={clsx(base, "bg-gray-100 object-cover")} />;
}
