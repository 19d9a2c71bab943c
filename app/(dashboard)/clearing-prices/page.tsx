// Clearing prices (getClearingPrices): each moment type's floor against what winning bids paid
// over the trailing CLEARING_WINDOW_DAYS days (p25..p90), as a chart and as a table.
// A type's percentiles exist only when its auctions make a publishable market
// sample (decision 0304); the page says why the others are missing.
import type { Metadata } from "next";
import { graphql } from "@/graphql/__generated__/client";
import { CLEARING_WINDOW_DAYS } from "@/lib/domain/clearing-prices/clearing-prices.schemas";
import { MARKET_MIN_ADVERTISERS, MARKET_MIN_AUCTIONS } from "@/lib/domain/market/market.schemas";
import { PageHeader } from "@/components/shell/page-header";
import { clearingPriceChartData, hasNoClearingPrices } from "@/components/clearing-prices/chart-data";
import { ClearingPriceChart } from "@/components/clearing-prices/clearing-price-chart";
import { formatUsd } from "@/components/format";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { LocalTime } from "@/components/ui/local-time";
import { EmptyState } from "@/components/ui/states";
import { Table, Td, Th } from "@/components/ui/table";
import { query } from "../_lib/graphql";

export const metadata: Metadata = { title: "Clearing prices" };

const CLEARING_PRICES = graphql(`
  query ClearingPricesPage {
    clearingPrices {
      asOf
      momentTypes {
        momentType
        floorCpmUsd
        clearingPriceP25Usd
        clearingPriceP50Usd
        clearingPriceP75Usd
        clearingPriceP90Usd
      }
    }
    momentTypes {
      key
      displayName
    }
  }
`);

const price = (value: number | null) => (value === null ? "Not enough market data yet" : formatUsd(value));

/** Why a percentile can be missing: the market sample rule, in the page's words. */
const SAMPLE_RULE = `at least ${MARKET_MIN_AUCTIONS} auctions won by at least ${MARKET_MIN_ADVERTISERS} different advertisers`;

export default async function ClearingPricesPage() {
  const data = await query(CLEARING_PRICES);
  const names = Object.fromEntries(data.momentTypes.map((type) => [type.key, type.displayName]));
  const bars = clearingPriceChartData(data.clearingPrices?.momentTypes ?? [], names);
  return (
    <>
      <PageHeader
        title="Clearing prices"
        description={`What winning bids paid per thousand impressions over the last ${CLEARING_WINDOW_DAYS} days, against each moment type's floor. A bid must meet the floor of every moment type it targets.`}
      />
      <Card>
        <CardHeader
          title="Floors and clearing prices (CPM, USD)"
          description={
            data.clearingPrices ? (
              <>
                As of <LocalTime iso={data.clearingPrices.asOf} />
              </>
            ) : undefined
          }
        />
        <CardBody>
          {hasNoClearingPrices(bars) ? (
            <EmptyState title="Not enough market data yet">
              A moment type&apos;s percentiles appear once its last {CLEARING_WINDOW_DAYS} days hold {SAMPLE_RULE}, so
              that no advertiser&apos;s bid can be read from them (demo traffic never counts); the floors are in the
              table below.
            </EmptyState>
          ) : (
            <ClearingPriceChart data={bars} />
          )}
          <Table aria-label="Floors and clearing prices per moment type" data-testid="clearing-price-table">
            <thead>
              <tr>
                <Th>Moment type</Th>
                <Th numeric>Floor</Th>
                <Th numeric>p25</Th>
                <Th numeric>p50</Th>
                <Th numeric>p75</Th>
                <Th numeric>p90</Th>
              </tr>
            </thead>
            <tbody>
              {bars.map((bar) => (
                <tr key={bar.momentType}>
                  <Td>{bar.label}</Td>
                  <Td numeric>{formatUsd(bar.floor)}</Td>
                  <Td numeric>{price(bar.p25)}</Td>
                  <Td numeric>{price(bar.p50)}</Td>
                  <Td numeric>{price(bar.p75)}</Td>
                  <Td numeric>{price(bar.p90)}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
          {!hasNoClearingPrices(bars) && bars.some((bar) => bar.p50 === null) ? (
            <p className="mt-3 text-xs text-muted">
              Not enough market data yet: a moment type&apos;s percentiles need {SAMPLE_RULE} in the last{" "}
              {CLEARING_WINDOW_DAYS} days, so that no advertiser&apos;s bid can be read from them.
            </p>
          ) : null}
        </CardBody>
      </Card>
    </>
  );
}
