import { cookies } from "next/headers";

/** A page rendered on each request from a cookie: what the signed-in settings page is measured against. */
export default async function DynamicPage() {
  const token = (await cookies()).get("utoken")?.value;
  return (
    <main>
      <h1>Settings</h1>
      <p>{token ? `Signed in (${token.length} characters of token).` : "Not signed in."}</p>
    </main>
  );
}
