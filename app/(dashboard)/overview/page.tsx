import type { Metadata } from "next";
import { PageHeader } from "@/components/shell/page-header";

export const metadata: Metadata = { title: "Overview" };

export default function OverviewPage() {
  return <PageHeader title="Overview" description="Today's delivery across your campaigns." />;
}
