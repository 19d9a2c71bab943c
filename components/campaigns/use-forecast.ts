"use client";
// The forecast as the form is edited (forecast.ts says when a request is made).
// Answers are kept per settings; a failed one (a rate limit, say) is forgotten
// after a minute so that the same settings can be asked again.
import { useEffect, useState } from "react";
import {
  ForecastCampaignDeliveryDocument,
  type ForecastCampaignDeliveryQuery,
} from "@/graphql/__generated__/client/graphql";
import { gqlFetch } from "@/components/graphql-client";
import { GraphqlError } from "@/components/graphql-errors";
import { FORECAST_DELAY_MS, forecastRequest } from "./forecast";

type Figures = NonNullable<NonNullable<ForecastCampaignDeliveryQuery["forecastCampaignDelivery"]>["forecast"]>;

export type Forecast =
  | { kind: "missing"; message: string }
  | { kind: "pending" }
  | { kind: "shown"; forecast: Figures }
  | { kind: "failed"; message: string };

const FAILURE_KEPT_MS = 60_000;

export function useForecast(values: Parameters<typeof forecastRequest>[0]): Forecast {
  const request = forecastRequest(values);
  const key = "key" in request ? request.key : null;
  const [answers, setAnswers] = useState<ReadonlyMap<string, Forecast>>(() => new Map());
  const known = key !== null && answers.has(key);

  useEffect(() => {
    if (key === null || known) return;
    const controller = new AbortController();
    const remember = (answer: Forecast | null) =>
      setAnswers((current) => {
        const next = new Map(current);
        if (answer) next.set(key, answer);
        else next.delete(key);
        return next;
      });
    const timer = setTimeout(async () => {
      try {
        const data = await gqlFetch(ForecastCampaignDeliveryDocument, { input: JSON.parse(key) }, controller);
        const payload = data.forecastCampaignDelivery;
        remember(
          payload?.forecast
            ? { kind: "shown", forecast: payload.forecast }
            : {
                kind: "failed",
                message: payload?.userErrors.map((error) => error.message).join("; ") || "No forecast.",
              },
        );
      } catch (error) {
        if (controller.signal.aborted) return;
        remember({
          kind: "failed",
          message:
            error instanceof GraphqlError && error.code === "RATE_LIMITED"
              ? "Too many estimates this minute; the forecast resumes shortly."
              : "The forecast could not be loaded.",
        });
        setTimeout(() => remember(null), FAILURE_KEPT_MS);
      }
    }, FORECAST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, known]);

  if (!("key" in request)) return { kind: "missing", message: request.missing };
  return answers.get(request.key) ?? { kind: "pending" };
}
