import { redirect } from "next/navigation";
import { localeOf } from "@/lib/i18n/routing";
import { pageLaunch } from "@/lib/launch/page";
import { BUSINESS_SETTINGS_PATH } from "@/lib/session/routes";

/** `/{lang}/profile-business` redirects to its child profile-settings (SPEC §2), keeping the launch context. */
export default async function ProfileBusinessPage({ params, searchParams }: PageProps<"/[lang]/profile-business">) {
  const { lang: raw } = await params;
  const lang = localeOf(raw);
  const { href } = await pageLaunch(searchParams);
  redirect(href(`/${lang}/${BUSINESS_SETTINGS_PATH}`));
}
