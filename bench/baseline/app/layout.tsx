import type { ReactNode } from "react";

/** The bare minimum of an App Router layout: the bench's baseline has nothing else. */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
