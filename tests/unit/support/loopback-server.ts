import type http from "node:http";

/** Starts a test's server on a free loopback port and gives its base address. */
export async function listenOnLoopback(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the test server has no port");
  return `http://127.0.0.1:${address.port}`;
}

/** Stops it. */
export function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}
