/** A static page, prerendered at build time: what `GET /en/login` of the portal is measured against. */
export default function StaticPage() {
  return (
    <main>
      <h1>Sign in</h1>
      <p>A static page of a bare Next app.</p>
    </main>
  );
}
