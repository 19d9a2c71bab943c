// The password reset links of earlier emails carried the token in the path: they still
// work, moved to the fragment form (docs/decisions/1432).
import { redirect } from "next/navigation";

export const dynamic = "force-dynamic";

export default async function EarlierResetLink({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  redirect(`/reset-password#${encodeURIComponent(token)}`);
}
