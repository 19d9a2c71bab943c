// /docs/errors: every error code of lib/errors.ts. Problem details link here
// with `type: /docs/errors#<code>`, so each code is an anchor.
import Link from "next/link";
import type { Metadata } from "next";
import { ERROR_CODES, type ErrorCode } from "@/lib/errors";
import { rateLimitText } from "@/lib/rate-limit/policies";
import styles from "../docs.module.css";

export const metadata: Metadata = { title: "Error codes" };

const MISSES = `${rateLimitText("postback_miss")} per client address`;

const WHEN: Record<ErrorCode, string> = {
  bad_request: "The body is not valid JSON, is empty, or the Content-Type is not application/json.",
  graphql_parse_failed: "GraphQL only: the query is not valid GraphQL syntax, or has more tokens than allowed.",
  graphql_validation_failed:
    "GraphQL only: the operation does not fit the schema (unknown field, wrong argument type), or is nested deeper or uses more aliases or directives than allowed.",
  query_too_complex:
    "GraphQL only: the operation's computed cost (page sizes multiply what they contain) is above the limit, or could not be computed (more than 10,000 fields, counting a fragment at each spread); extensions.cost gives the cost and the limit. Ask for smaller pages or fewer fields.",
  session_required:
    "Account administration (API clients, members, invitations, connected apps) and a person's own account need the dashboard session; an access token cannot do them.",
  role_required:
    "GraphQL with the dashboard session only: the signed-in member's role on the selected advertiser does not allow the operation (a viewer changes nothing; only an admin manages members, API keys, postback keys and connected apps). Access tokens are judged by their scopes instead (insufficient_scope).",
  two_factor_required:
    "Dashboard session only: the selected advertiser requires two-factor sign-in and the signed-in member has not set it up; everything but setting it up is refused until they do.",
  sandbox_only:
    "AdCP's compliance test controller and its fixtures serve sandbox advertisers only (the operator CLI's create-advertiser --sandbox); a real advertiser is refused.",
  origin_not_allowed:
    "/mcp only: the request carries a browser's Origin header other than the service's own origin (a web page of another site, or a DNS-rebinding attack). Agents and command-line clients send no Origin and are not affected.",
  unauthorized:
    "No Bearer token, or it is invalid, expired, not RS256 or from another issuer. The response carries WWW-Authenticate: Bearer.",
  postback_key_required: `Postbacks only: the campaign's advertiser has an active postback key and the postback carried none (postback_key query parameter, or X-Postback-Key header at POST). Nothing was recorded; it counts against the postback misses (${MISSES}).`,
  invalid_postback_key: `Postbacks only: the postback key is not an active key of the campaign's advertiser (unknown, revoked, or another advertiser's). Nothing was recorded; it counts against the postback misses (${MISSES}).`,
  insufficient_scope:
    "The token is valid but lacks the scope the operation requires (campaigns:read, campaigns:write or reporting:read).",
  not_found:
    "The resource does not exist or belongs to another advertiser (never 403), whatever the shape of the id; or no endpoint is served at the path.",
  click_not_found: "The click id is unknown or belongs to another campaign (postbacks).",
  method_not_allowed: "The path exists but not with this HTTP method; the Allow header lists the methods it serves.",
  conflict:
    "A concurrent request changed the resource first (retry), or a limit was reached (for example the 26 variants of a campaign).",
  invalid_transition:
    "The status change is not allowed: nothing leaves ended or cancelled, an ended campaign cannot be cancelled, and a final campaign cannot be changed or get new variants.",
  idempotency_in_flight:
    "Another request with the same Idempotency-Key is still running (retry after Retry-After seconds), or was interrupted by a fault before its outcome was recorded (check the resource, or use a new key).",
  idempotency_key_reused:
    "The Idempotency-Key was already used in the last 24 hours for a different request (another API client of the advertiser, or another method, path or body): a stored response is replayed only to the client that made it. Use a new key for a new request.",
  validation_failed:
    "A field is missing, malformed or out of range, or an unknown field was sent; errors[] lists every field at once with its JSON path (bids below the floor, budgets below the minimums, dates, lengths).",
  immutable_field:
    "An update tried to change moment_types, sports, start_date or creative. Sending the current value is accepted.",
  icon_unreachable:
    "icon_url is not a publicly reachable HTTPS URL: not https, resolves to a private, loopback, link-local or metadata address (refused before connecting), or its HEAD request failed, timed out or answered non-2xx after redirects.",
  region_not_licensed:
    "A gambling advertiser's campaign named target_regions outside the advertiser's licensed regions (GET /api/ads/advertiser lists them; the operator sets them). Each refused code is in errors[].",
  attribution_window_expired: "The conversion arrived more than 7 × 24 hours after the click.",
  payload_too_large:
    "The request body is larger than the endpoint accepts (4 KiB for the token endpoint, ad decisions and postbacks, 64 KiB for /mcp and /api/graphql, 16 KiB elsewhere; each operation's x-body-limit-bytes in the OpenAPI document). Decided from Content-Length before reading when it is sent.",
  rate_limited:
    "Too many requests; wait for Retry-After seconds. RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset describe the window.",
  internal_error:
    "An unexpected fault. Nothing internal is shown; quote the request_id (also in the x-request-id header) when reporting it.",
  unavailable: "The service is temporarily unable to answer; retry later.",
};

export default function ErrorsPage() {
  const codes = Object.entries(ERROR_CODES) as [ErrorCode, (typeof ERROR_CODES)[ErrorCode]][];
  return (
    <div className="container">
      <p>
        <Link href="/">← Home</Link> · <Link href="/docs/api">API reference</Link>
      </p>
      <h1>Error codes</h1>
      <p className={styles.muted}>
        Every endpoint except the token endpoint answers errors as RFC 9457 problem details (
        <code>application/problem+json</code>):{" "}
        <code>{`{"type", "title", "status", "detail", "code", "request_id", "errors"?: [{"path", "message"}]}`}</code>.
        The <code>type</code> is <code>/docs/errors#&lt;code&gt;</code>, a link to the row below. The token endpoint
        answers RFC 6749 errors (<code>error</code>, <code>error_description</code>).
      </p>
      <p className={styles.muted}>
        GraphQL (<Link href="/docs/graphql">/docs/graphql</Link>) uses the same codes: a mutation returns the codes
        marked &quot;in userErrors&quot; in its payload&apos;s <code>userErrors</code> (
        <code>{`{field, code, message}`}</code>, code in capitals); any other error is a top-level error whose{" "}
        <code>extensions</code> carry the GraphQL code, the API code and the request id.
      </p>
      <table className={styles.cards}>
        <thead>
          <tr>
            <th>Code</th>
            <th className="num">HTTP</th>
            <th>GraphQL</th>
            <th>Title</th>
            <th>When</th>
          </tr>
        </thead>
        <tbody>
          {codes.map(([code, entry]) => (
            <tr key={code} id={code}>
              <td data-label="Code">
                <a href={`#${code}`}>
                  <code>{code}</code>
                </a>
              </td>
              <td className="num" data-label="HTTP">
                {entry.status}
              </td>
              <td data-label="GraphQL">
                <code>{entry.graphql}</code>
                {"userError" in entry ? " (in userErrors)" : ""}
              </td>
              <td data-label="Title">{entry.title}</td>
              <td data-label="When">{WHEN[code]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
