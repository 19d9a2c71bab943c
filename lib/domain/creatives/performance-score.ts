// performance_score: the probability that a variant's true CTR is the highest
// among its campaign's approved variants, given what each delivered
// (docs/decisions/0303). Each variant's CTR has the posterior
// Beta(1 + clicks, 1 + impressions - clicks) (uniform prior); the score of i is
//   P(i best) = ∫ f_i(x) · Π_{j≠i} F_j(x) dx,
// integrated numerically on a grid that is dense around every posterior, so a
// variant with millions of impressions (a very narrow posterior) is resolved as
// well as one with none. Deterministic; 6 decimals; non-approved variants 0.
import { db, type Db, type Tx } from "@/lib/db/client";
import { round6 } from "@/lib/money";

export type VariantResult = { id: string; approved: boolean; impressions: number; clicks: number };

const POINTS_PER_POSTERIOR = 600;
const UNIFORM_POINTS = 400;
const SPREAD_SD = 12;

type Posterior = { a: number; b: number };

function posterior(variant: VariantResult): Posterior {
  const impressions = Math.max(0, Math.floor(variant.impressions));
  const clicks = Math.min(impressions, Math.max(0, Math.floor(variant.clicks)));
  return { a: 1 + clicks, b: 1 + impressions - clicks };
}

function grid(posteriors: readonly Posterior[]): number[] {
  const points: number[] = [];
  for (let k = 0; k <= UNIFORM_POINTS; k++) points.push(k / UNIFORM_POINTS);
  for (const { a, b } of posteriors) {
    const mean = a / (a + b);
    const sd = Math.sqrt((a * b) / ((a + b) ** 2 * (a + b + 1)));
    const low = Math.max(0, mean - SPREAD_SD * sd);
    const high = Math.min(1, mean + SPREAD_SD * sd);
    for (let k = 0; k <= POINTS_PER_POSTERIOR; k++) points.push(low + ((high - low) * k) / POINTS_PER_POSTERIOR);
  }
  points.sort((x, y) => x - y);
  return points.filter((x, index) => index === 0 || x > points[index - 1]!);
}

function logDensity({ a, b }: Posterior, x: number): number {
  const left = a === 1 ? 0 : x <= 0 ? -Infinity : (a - 1) * Math.log(x);
  const right = b === 1 ? 0 : x >= 1 ? -Infinity : (b - 1) * Math.log1p(-x);
  return left + right;
}

/** Density and CDF of one posterior on the grid, normalized numerically (trapezoid rule). */
function densityAndCdf(post: Posterior, xs: readonly number[]): { pdf: number[]; cdf: number[] } {
  const logs = xs.map((x) => logDensity(post, x));
  const peak = Math.max(...logs);
  const raw = logs.map((value) => (value === -Infinity ? 0 : Math.exp(value - peak)));
  const cumulative = [0];
  for (let k = 1; k < xs.length; k++)
    cumulative.push(cumulative[k - 1]! + ((raw[k - 1]! + raw[k]!) / 2) * (xs[k]! - xs[k - 1]!));
  const total = cumulative[cumulative.length - 1]!;
  return { pdf: raw.map((value) => value / total), cdf: cumulative.map((value) => value / total) };
}

/** Scores by variant id: P(best CTR) among approved variants, 0 for the rest. Pure and deterministic. */
export function performanceScores(variants: readonly VariantResult[]): Map<string, number> {
  const scores = new Map<string, number>(variants.map((variant) => [variant.id, 0]));
  const approved = variants.filter((variant) => variant.approved);
  if (approved.length === 1) scores.set(approved[0]!.id, 1);
  if (approved.length <= 1) return scores;

  const posteriors = approved.map(posterior);
  const xs = grid(posteriors);
  const curves = posteriors.map((post) => densityAndCdf(post, xs));
  const raw = curves.map((own, i) => {
    const integrand = xs.map((_, k) => {
      let value = own.pdf[k]!;
      for (let j = 0; j < curves.length; j++) if (j !== i) value *= curves[j]!.cdf[k]!;
      return value;
    });
    let sum = 0;
    for (let k = 1; k < xs.length; k++) sum += ((integrand[k - 1]! + integrand[k]!) / 2) * (xs[k]! - xs[k - 1]!);
    return sum;
  });
  const total = raw.reduce((acc, value) => acc + value, 0);
  approved.forEach((variant, i) =>
    scores.set(variant.id, total > 0 ? round6(raw[i]! / total) : round6(1 / approved.length)),
  );
  return scores;
}

export type DeliveredCounts = { impressions: bigint; clicks: bigint };

/** Scores of a campaign's creatives from their delivered impressions and clicks (absent: none delivered). */
export function scoresOf(
  creatives: readonly { id: string; status: string }[],
  delivered: ReadonlyMap<string, DeliveredCounts>,
): Map<string, number> {
  return performanceScores(
    creatives.map((creative) => ({
      id: creative.id,
      approved: creative.status === "approved",
      impressions: Number(delivered.get(creative.id)?.impressions ?? 0n),
      clicks: Number(delivered.get(creative.id)?.clicks ?? 0n),
    })),
  );
}

/**
 * Loads a campaign's variants and their delivered impressions and clicks (all
 * time, from hourly_rollups) and scores them. The caller has already checked
 * that the actor owns the campaign.
 */
export async function loadPerformanceScores(campaignId: string, client: Db | Tx = db()): Promise<Map<string, number>> {
  const [creatives, sums] = await Promise.all([
    client.creative.findMany({ where: { campaignId }, select: { id: true, status: true } }),
    client.hourlyRollup.groupBy({
      by: ["creativeId"],
      where: { campaignId },
      _sum: { impressions: true, clicks: true },
    }),
  ]);
  const delivered = new Map(
    sums.map((row) => [row.creativeId, { impressions: row._sum.impressions ?? 0n, clicks: row._sum.clicks ?? 0n }]),
  );
  return scoresOf(creatives, delivered);
}
