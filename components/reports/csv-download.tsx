"use client";
// The report's CSV (GraphQL's CampaignReport.csv, REST's CSV byte for byte:
// docs/decisions/1210) saved as a file: a Blob behind a temporary <a download>,
// so the download needs nothing but the data the page already has.
import { Download } from "lucide-react";

export function saveText(text: string, filename: string, type = "text/csv;charset=utf-8") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function CsvDownload({
  csv,
  filename,
  label = "Download CSV",
}: {
  csv: string;
  filename: string;
  label?: string;
}) {
  return (
    <button
      type="button"
      onClick={() => saveText(csv, filename)}
      className="inline-flex min-h-10 items-center gap-2 rounded-md border border-line bg-white px-3 py-2 text-sm font-medium text-ink hover:bg-slate-50"
    >
      <Download aria-hidden="true" className="size-4" />
      {label}
    </button>
  );
}
