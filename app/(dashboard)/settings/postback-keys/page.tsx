// Postback keys (docs/decisions/0504): the keys attribution partners send with
// postbacks. Without an active key, anyone holding a click id can report a
// conversion for it; the page says so and recommends a key. Create (the key
// shown once) with an optional name, list, rename, revoke with a confirmation.
import type { Metadata } from "next";
import { graphql } from "@/graphql/__generated__/client";
import { MAX_ACTIVE_POSTBACK_KEYS, UNNAMED_POSTBACK_KEY } from "@/lib/domain/postback-keys/postback-keys.schemas";
import { PageHeader } from "@/components/shell/page-header";
import { CreatePostbackKeyButton } from "@/components/postback-keys/create-postback-key-button";
import { RenamePostbackKeyButton } from "@/components/postback-keys/rename-postback-key-button";
import { RevokePostbackKeyButton } from "@/components/postback-keys/revoke-postback-key-button";
import { formatCount, listCount } from "@/components/format";
import { Badge } from "@/components/ui/badge";
import { ListCard, ListWithForm } from "@/components/ui/list-card";
import { LocalTime } from "@/components/ui/local-time";
import { Td, Th } from "@/components/ui/table";
import { query } from "../../_lib/graphql";
import { roleGate } from "../../_lib/role-gate";

export const metadata: Metadata = { title: "Postback keys" };

const POSTBACK_KEYS = graphql(`
  query PostbackKeysPage {
    viewer {
      advertiser {
        active: postbackKeys(first: 1) {
          totalCount
        }
        postbackKeys(first: 100, includeRevoked: true) {
          totalCount
          nodes {
            id
            restId
            name
            createdAt
            lastUsedAt
            revokedAt
          }
        }
      }
    }
  }
`);

export default async function PostbackKeysPage() {
  const denied = await roleGate("admin", "Postback keys", "the postback keys");
  if (denied) return denied;
  const data = await query(POSTBACK_KEYS);
  const advertiser = data.viewer?.advertiser;
  const keys = advertiser?.postbackKeys?.nodes ?? [];
  const total = advertiser?.postbackKeys?.totalCount ?? 0;
  // counted by the API, not from the listed page
  const active = advertiser?.active?.totalCount ?? 0;
  const summary = `${formatCount(active)} active, ${listCount(total, keys.length, "in all")}`;
  return (
    <>
      <PageHeader
        title="Postback keys"
        description="Keys your attribution partners send with each conversion postback (GET or POST /api/ads/postback)."
      />
      {active === 0 ? (
        <div
          role="note"
          data-testid="postback-key-notice"
          className="mb-6 rounded-lg border border-amber-300 bg-amber-50 px-5 py-4 text-sm text-amber-900"
        >
          <p className="font-semibold">Your postbacks need no key</p>
          <p className="mt-1">
            Without an active postback key, anyone holding a click id can report a conversion for it, and click ids are
            in your ads&apos; landing URLs: a visitor or a bot could report deposits you never had, inflating your
            reports, your target-CPA bids and what is forwarded to your postback URL. Create a key and give it to your
            attribution partners: from then on, postbacks without an active key are refused.
          </p>
        </div>
      ) : (
        <div
          role="note"
          data-testid="postback-key-notice"
          className="mb-6 rounded-lg border border-emerald-300 bg-emerald-50 px-5 py-4 text-sm text-emerald-900"
        >
          Every postback for your campaigns must carry an active key: <code>postback_key=…</code> in the URL, or the{" "}
          <code>X-Postback-Key</code> header with <code>POST /api/ads/postback</code>. Postbacks without one, or with a
          revoked or wrong one, are refused and record nothing.
        </div>
      )}
      <ListWithForm
        formTitle="Create a postback key"
        formDescription={`The key is shown once; only its hash is kept. At most ${MAX_ACTIVE_POSTBACK_KEYS} active keys.`}
        list={
          <ListCard
            title="Keys"
            description={summary}
            empty={
              keys.length === 0
                ? {
                    title: "No postback keys yet",
                    text: "Create a key for each attribution partner (AppsFlyer, Adjust, Branch, …) or your own server.",
                  }
                : null
            }
            label="Postback keys"
            testId="postback-key-table"
            head={
              <>
                <Th>Key</Th>
                <Th>Created</Th>
                <Th>Last used</Th>
                <Th>Status</Th>
                <Th>
                  <span className="sr-only">Actions</span>
                </Th>
              </>
            }
          >
            {keys.map((key) => (
              <tr key={key.id}>
                <Td>
                  <span className={key.name ? "font-medium" : "text-muted italic"} data-testid="postback-key-label">
                    {key.name ?? UNNAMED_POSTBACK_KEY}
                  </span>
                  <code className="block text-xs break-all text-muted">{key.restId}</code>
                </Td>
                <Td className="whitespace-nowrap">
                  <LocalTime iso={key.createdAt} />
                </Td>
                <Td className="whitespace-nowrap">
                  <LocalTime iso={key.lastUsedAt} />
                </Td>
                <Td>
                  {key.revokedAt ? (
                    <Badge>
                      Revoked <LocalTime iso={key.revokedAt} />
                    </Badge>
                  ) : (
                    <Badge>Active</Badge>
                  )}
                </Td>
                <Td>
                  <div className="flex flex-wrap gap-2">
                    <RenamePostbackKeyButton id={key.id} label={key.name ?? key.restId} name={key.name} />
                    {key.revokedAt ? null : (
                      <RevokePostbackKeyButton id={key.id} restId={key.restId} last={active === 1} />
                    )}
                  </div>
                </Td>
              </tr>
            ))}
          </ListCard>
        }
      >
        <CreatePostbackKeyButton firstKey={active === 0} />
      </ListWithForm>
    </>
  );
}
