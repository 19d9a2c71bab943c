// A file to save (an invoice's PDF or CSV): its type and name, never kept by shared caches.
export function downloadResponse(
  body: string | Uint8Array<ArrayBuffer>,
  contentType: string,
  filename: string,
): Response {
  return new Response(body, {
    headers: {
      "content-type": contentType,
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "private, no-store",
    },
  });
}
