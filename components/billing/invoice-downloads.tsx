"use client";
// An invoice's PDF and CSV, fetched when asked for (GraphQL's Invoice.pdfBase64 and csv, the same
// bytes as REST's /pdf and /csv) and saved as files named after its number.
import { Download } from "lucide-react";
import { useState } from "react";
import { graphql } from "@/graphql/__generated__/client";
import { gqlFetch } from "@/components/graphql-client";
import { saveText } from "@/components/reports/csv-download";

const FILES = graphql(`
  query InvoiceFiles($id: ID!, $pdf: Boolean!) {
    invoice(id: $id) {
      number
      csv @skip(if: $pdf)
      pdfBase64 @include(if: $pdf)
    }
  }
`);

function savePdf(base64: string, filename: string) {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: "application/pdf" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function InvoiceDownloads({ id, number }: { id: string; number: string }) {
  const [busy, setBusy] = useState<"pdf" | "csv" | null>(null);
  const [failed, setFailed] = useState(false);

  async function download(kind: "pdf" | "csv") {
    setBusy(kind);
    setFailed(false);
    try {
      const { invoice } = await gqlFetch(FILES, { id, pdf: kind === "pdf" });
      if (!invoice) throw new Error("not found");
      if (kind === "pdf") savePdf(invoice.pdfBase64!, `${invoice.number}.pdf`);
      else saveText(invoice.csv!, `${invoice.number}.csv`);
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  }

  const button =
    "inline-flex min-h-10 items-center gap-1.5 rounded-md border border-line bg-white px-2.5 py-1.5 text-sm font-medium text-ink hover:bg-slate-50 disabled:opacity-60";
  return (
    <span className="flex flex-wrap items-center gap-2">
      {(["pdf", "csv"] as const).map((kind) => (
        <button
          key={kind}
          type="button"
          className={button}
          disabled={busy !== null}
          onClick={() => void download(kind)}
        >
          <Download aria-hidden="true" className="size-4" />
          {kind.toUpperCase()}
          <span className="sr-only"> of {number}</span>
        </button>
      ))}
      {failed ? (
        <span role="alert" className="text-sm text-red-700">
          The download failed; try again.
        </span>
      ) : null}
    </span>
  );
}
