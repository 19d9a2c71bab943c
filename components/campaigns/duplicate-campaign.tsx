"use client";
// Duplicate a campaign (duplicateCampaign): the way to change what an edit
// cannot (moment types, sports, start date, the notification). The copy gets
// the settings and every creative, goes through the create form's rules on
// today's terms, and starts paused unless the advertiser asks for it to run.
// On success the copy's page opens.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { DuplicateCampaignDocument } from "@/graphql/__generated__/client/graphql";
import { gqlFetch } from "@/components/graphql-client";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { FormError } from "@/components/ui/states";

/** The API's default name for a copy, so that the field shows what will be written. */
const copyName = (name: string) => [...`Copy of ${name}`].slice(0, 200).join("");

export function DuplicateCampaign({ id, name }: { id: string; name: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [copy, setCopy] = useState(copyName(name));
  const [active, setActive] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function duplicate(event: React.FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      const payload = (
        await gqlFetch(DuplicateCampaignDocument, {
          input: { id, name: copy.trim() || null, status: active ? "ACTIVE" : "PAUSED" },
        })
      ).duplicateCampaign;
      if (payload?.campaign) {
        router.push(`/campaigns/${payload.campaign.id}`);
        return;
      }
      setError(payload?.userErrors.map((e) => e.message).join("; ") || "The copy could not be made.");
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "The copy could not be made.");
    }
    setPending(false);
  }

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Duplicate
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Duplicate this campaign">
        <form onSubmit={duplicate} className="space-y-4">
          <p className="text-sm text-slate-700">
            The copy gets these settings and every creative variant, checked again under today&apos;s floors and review.
            Change the moment types, sports, start date or notification there: they are fixed on a campaign once it is
            created.
          </p>
          <div>
            <label htmlFor="duplicate-name" className="block text-sm font-medium">
              Name of the copy
            </label>
            <Input
              id="duplicate-name"
              value={copy}
              maxLength={200}
              onChange={(event) => setCopy(event.target.value)}
              className="mt-1"
            />
          </div>
          <fieldset>
            <legend className="text-sm font-medium">When it is created</legend>
            <label className="mt-1 flex items-center gap-2 text-sm">
              <input type="radio" name="duplicate-status" checked={!active} onChange={() => setActive(false)} />
              Keep it paused until I resume it
            </label>
            <label className="mt-1 flex items-center gap-2 text-sm">
              <input type="radio" name="duplicate-status" checked={active} onChange={() => setActive(true)} />
              Start delivering from its start date
            </label>
          </fieldset>
          <FormError>{error}</FormError>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              Close
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? "Duplicating…" : "Duplicate campaign"}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
