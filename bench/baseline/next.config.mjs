/**
 * The bench's baseline (bench/run.ts): a bare Next app on the root's installed next and react,
 * with the same few settings of the portal that change what a page costs.
 * @type {import('next').NextConfig}
 */
const nextConfig = {
  poweredByHeader: false,
  // as the portal's next.config.mjs reaches a sign-in page's default variant
  async rewrites() {
    return { beforeFiles: [{ source: "/:lang(en|zh)/:page(login)", destination: "/:lang/:page/default" }] };
  },
};

export default nextConfig;
