/**
 * A bare page of the portal's login page's shape: the same route (`/[lang]/login/[variant]`,
 * each variant rendered on its first visit, then served from the cache), reached the same way
 * (`/en/login` rewritten to the default variant by next.config.mjs) and about as large
 * (~30 KB of HTML, as the portal's; the bench prints both sizes). What Next itself charges for
 * serving a page of that shape, against which the portal's `GET /en/login` is measured too.
 */
export const dynamicParams = true;
export function generateStaticParams() {
  return [];
}

/** ~12 KB of text: React writes it into the markup and again into the page's payload. */
const TEXT = "Sign in with your email and password, or with a code sent to your email. ".repeat(166);

export default async function ShapePage({ params }: { params: Promise<{ lang: string; variant: string }> }) {
  const { lang, variant } = await params;
  return (
    <main lang={lang}>
      <h1>Sign in</h1>
      <p>{TEXT}</p>
      <p>{variant}</p>
    </main>
  );
}
