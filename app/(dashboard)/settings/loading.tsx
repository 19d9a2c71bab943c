import { PageSkeleton } from "@/components/ui/page-skeleton";

const FORMS = { grid: "grid grid-cols-1 gap-6 xl:grid-cols-2", blocks: ["h-80", "h-48"] };

export default function SettingsLoading() {
  return <PageSkeleton label="Loading settings…" blocks={[FORMS]} />;
}
