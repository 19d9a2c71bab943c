import Link from "next/link";
import { redirect } from "next/navigation";
import { momentTypes as loadMomentTypes } from "@/lib/domain/moment-types/list-moment-types";
import { restPath } from "@/lib/http/rest-surface";
import { microsToUsd } from "@/lib/money";
import { currentUser } from "./(dashboard)/_lib/session";

export const dynamic = "force-dynamic";

function formatCtr(low: number | null, high: number | null): string {
  if (low === null || high === null) return "not enough volume yet";
  return `${(low * 100).toFixed(2)}% – ${(high * 100).toFixed(2)}%`;
}

export default async function HomePage() {
  // signed-in users land on their overview; everyone else sees this public page
  if (await currentUser()) redirect("/overview");
  const momentTypes = await loadMomentTypes();
  return (
    <div className="legacy">
      <main className="container">
        <section className="hero">
          <h1>Sports Moment Ads</h1>
          <p>
            Push-notification ads delivered at the moments of live NBA, NFL, MLB and NCAA basketball games when a user
            has money on the line. Campaigns bid a CPM per moment type; a second-price auction with a floor per moment
            type decides each impression.
          </p>
        </section>
        <nav className="links" aria-label="Account">
          <Link href="/signin">Sign in to the dashboard</Link>
          <Link href="/signup">Create an advertiser account</Link>
        </nav>
        <nav className="links" aria-label="Developer links">
          <Link href="/docs/api">API reference</Link>
          <Link href="/docs/graphql">GraphQL schema</Link>
          <Link href="/docs/errors">Error codes</Link>
          <a href="/.well-known/openapi.json">OpenAPI (JSON)</a>
          <a href="/.well-known/adagents.json">adagents.json</a>
          <a href={restPath("listMomentTypes")}>Moment types (JSON)</a>
          <a href="/.well-known/jwks.json">JWKS</a>
        </nav>
        <section aria-labelledby="moment-types-heading">
          <h2 id="moment-types-heading">Moment types and floors</h2>
          <table>
            <thead>
              <tr>
                <th>Moment</th>
                <th>Fires when</th>
                <th className="num">Floor CPM</th>
                <th>Typical CTR</th>
                <th>Sports</th>
              </tr>
            </thead>
            <tbody>
              {momentTypes.map((type) => (
                <tr key={type.key}>
                  <td>
                    {type.displayName} <code className="muted">{type.key}</code>
                  </td>
                  <td>{type.description}</td>
                  <td className="num">${microsToUsd(type.floorCpmMicros).toFixed(2)}</td>
                  <td className="muted">{formatCtr(type.typicalCtrLow, type.typicalCtrHigh)}</td>
                  <td className="muted">{type.availableSports.join(", ")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </main>
    </div>
  );
}
