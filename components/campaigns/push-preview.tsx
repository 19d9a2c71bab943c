// The push notification as a phone's lock screen shows it: app icon, the
// advertiser as the app name, headline, body and the call to action. Fixed
// sizes, so typing never moves the page.
export function PushPreview({
  appName,
  headline,
  body,
  ctaText,
  iconUrl,
}: {
  appName: string;
  headline: string;
  body: string;
  ctaText?: string;
  iconUrl?: string;
}) {
  const validIcon = (() => {
    try {
      const url = new URL(iconUrl ?? "");
      return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
    } catch {
      return null;
    }
  })();
  return (
    <figure aria-label="Notification preview" className="mx-auto w-full max-w-[300px]">
      <div className="rounded-[2.25rem] border-[10px] border-slate-900 bg-gradient-to-b from-slate-700 to-slate-900 p-3 shadow-lg">
        <p className="pt-2 text-center text-3xl font-light text-white tabular-nums">9:41</p>
        <p className="mb-4 text-center text-xs text-slate-200">Sunday, live game</p>
        <div className="rounded-2xl bg-white/95 p-3 text-slate-900 shadow">
          <div className="flex items-center gap-2">
            <div className="h-5 w-5 shrink-0 overflow-hidden rounded-md bg-slate-300">
              {validIcon ? (
                // eslint-disable-next-line @next/next/no-img-element -- the advertiser's own icon URL, shown as given
                <img src={validIcon} alt="" width={20} height={20} className="h-5 w-5 object-cover" />
              ) : null}
            </div>
            <p className="min-w-0 flex-1 truncate text-[11px] font-medium tracking-wide text-slate-700 uppercase">
              {appName}
            </p>
            <p className="text-[11px] text-slate-600">now</p>
          </div>
          <p className="mt-1.5 line-clamp-2 text-sm font-semibold break-words">{headline || "Your headline"}</p>
          <p className="mt-0.5 line-clamp-3 text-sm break-words text-slate-800">{body || "Your message"}</p>
          {ctaText ? (
            <p className="mt-2 inline-block rounded-full bg-slate-200 px-3 py-1 text-xs font-medium">{ctaText}</p>
          ) : null}
        </div>
      </div>
      <figcaption className="mt-2 text-center text-xs text-muted">How a phone shows it</figcaption>
    </figure>
  );
}
