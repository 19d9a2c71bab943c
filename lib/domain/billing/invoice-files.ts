// An invoice, credit note or statement as a file: CSV (RFC 4180, as the reports) and PDF
// (pdfkit, its standard Helvetica: no font files to ship). Pure builders of the bytes and the
// file name from the JSON view; the same figures as GET /api/ads/invoices/{id}.
import PDFDocument from "pdfkit";
import { toCsv } from "@/lib/domain/reporting/report-csv";
import type { InvoiceView } from "./billing.schemas";

const TITLES: Record<InvoiceView["kind"], string> = {
  invoice: "Invoice",
  credit_note: "Credit note",
  statement: "Statement",
};

const SELLER = ["Sports Moment Ads", "Push-notification advertising at live-game moments"];

export function invoiceFilename(invoice: InvoiceView, extension: "pdf" | "csv"): string {
  return `${invoice.number}.${extension}`;
}

/** Dollars with cents, and up to 6 decimals where a micro-dollar amount has them. */
export function formatUsd(usd: number): string {
  const negative = usd < 0;
  const [whole, fraction = ""] = Math.abs(usd).toFixed(6).split(".");
  const trimmed = fraction.replace(/0{1,4}$/, "");
  return `${negative ? "-" : ""}$${Number(whole).toLocaleString("en-US")}.${trimmed.padEnd(2, "0")}`;
}

export function invoiceCsv(invoice: InvoiceView): string {
  const header = [
    "number",
    "kind",
    "month",
    "campaign_id",
    "description",
    "impressions",
    "clicks",
    "amount_usd",
    "average_cpm_usd",
  ];
  const rows: (string | number)[][] = invoice.lines.map((line) => [
    invoice.number,
    invoice.kind,
    invoice.month,
    line.campaign_id ?? "",
    line.description,
    line.impressions,
    line.clicks,
    line.amount_usd,
    line.average_cpm_usd ?? "",
  ]);
  if (invoice.statement) {
    const figures = invoice.statement;
    for (const [name, value] of [
      ["opening_balance", figures.opening_balance_usd],
      ["funds_added", figures.funds_added_usd],
      ["spend", figures.spend_usd],
      ["closing_balance", figures.closing_balance_usd],
    ] as const) {
      rows.push([invoice.number, invoice.kind, invoice.month, "", name, "", "", value, ""]);
    }
  } else {
    rows.push([invoice.number, invoice.kind, invoice.month, "", "total", "", "", invoice.total_usd, ""]);
  }
  return toCsv(header, rows);
}

/** The PDF's bytes; its creation date is the issue date, so the same document renders to the same file. */
export function invoicePdf(invoice: InvoiceView): Promise<Buffer> {
  const title = `${TITLES[invoice.kind]} ${invoice.number}`;
  const doc = new PDFDocument({
    size: "A4",
    margin: 50,
    info: { Title: title, Author: SELLER[0], CreationDate: new Date(invoice.issued_at) },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  doc.font("Helvetica-Bold").fontSize(20).text(title);
  doc.moveDown(0.3).font("Helvetica").fontSize(10).fillColor("#444");
  doc.text(`Period: ${invoice.month} (UTC)    Issued: ${invoice.issued_at.slice(0, 10)}    Status: ${invoice.status}`);
  if (invoice.credits_invoice_number) doc.text(`Corrects invoice ${invoice.credits_invoice_number}`);
  if (invoice.reason) doc.text(`Reason: ${invoice.reason}`);
  doc.moveDown();

  const top = doc.y;
  doc.fillColor("#000").font("Helvetica-Bold").text("From", 50, top);
  doc.font("Helvetica").text(SELLER.join("\n"));
  doc.font("Helvetica-Bold").text("Bill to", 300, top);
  const to = invoice.bill_to;
  doc
    .font("Helvetica")
    .text(
      [to.legal_name ?? to.name, to.address, to.tax_id ? `Tax ID: ${to.tax_id}` : null].filter(Boolean).join("\n"),
      300,
    );
  doc.x = 50;
  doc.moveDown(2);

  const columns = [
    { label: "Description", x: 50, width: 200, align: "left" as const },
    { label: "Impressions", x: 250, width: 75, align: "right" as const },
    { label: "Clicks", x: 325, width: 55, align: "right" as const },
    { label: "Avg. CPM", x: 380, width: 70, align: "right" as const },
    { label: "Amount", x: 450, width: 95, align: "right" as const },
  ];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica");
    let bottom = y;
    cells.forEach((text, index) => {
      const column = columns[index]!;
      doc.text(text, column.x, y, { width: column.width, align: column.align });
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = 50;
    doc.y = bottom + 4;
  };
  if (invoice.lines.length) {
    row(
      columns.map((column) => column.label),
      true,
    );
    for (const line of invoice.lines) {
      row([
        line.description,
        invoice.kind === "credit_note" ? "" : line.impressions.toLocaleString("en-US"),
        invoice.kind === "credit_note" ? "" : line.clicks.toLocaleString("en-US"),
        line.average_cpm_usd === null ? "" : formatUsd(line.average_cpm_usd),
        formatUsd(line.amount_usd),
      ]);
    }
    doc.moveDown(0.5);
  }
  if (invoice.statement) {
    const figures = invoice.statement;
    row(["Opening balance", "", "", "", formatUsd(figures.opening_balance_usd)]);
    row(["Funds added", "", "", "", formatUsd(figures.funds_added_usd)]);
    row(["Spend", "", "", "", formatUsd(-figures.spend_usd)]);
    row(["Closing balance", "", "", "", formatUsd(figures.closing_balance_usd)], true);
  } else {
    row(
      [
        invoice.kind === "credit_note" ? "Total credited (USD)" : "Total (USD)",
        "",
        "",
        "",
        formatUsd(invoice.total_usd),
      ],
      true,
    );
    if (invoice.kind === "invoice") row(["Amount due", "", "", "", formatUsd(invoice.due_usd)]);
  }
  doc.moveDown(2).font("Helvetica").fontSize(8).fillColor("#666");
  doc.text(
    "Amounts are the recorded impressions' prices (second-price CPM / 1000), exact to the micro-dollar. " +
      "An issued document never changes: corrections are credit notes with their own number.",
    50,
  );
  doc.end();
  return done;
}
