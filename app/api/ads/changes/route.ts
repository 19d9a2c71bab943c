// GET /api/ads/changes: the advertiser's change history, newest first
// (docs/decisions/1008): who changed what, when, each field's before and after.
import { listChanges } from "@/lib/history/list-changes";
import { WHOLE_NUMBER } from "@/lib/http/query";
import { restOperation } from "@/lib/http/rest-operation";
import { changeListView } from "@/lib/http/views/history";

export const dynamic = "force-dynamic";

// every key is read, so a misspelt filter is refused (the query is strict) rather than ignored
export const GET = restOperation(listChanges, { query: { numbers: { limit: WHOLE_NUMBER } }, view: changeListView });
